// The total of an invite purchase, before "Continue" (/business). An `enhance` island: the server
// writes the total for the quantity in the field; in the browser it follows what is typed.

export interface PriceTotalProps {
  /** Smallest quantity of each plan and its price per invite (kopecks), smallest plan first. */
  tiers: { min: number; perInvite: number }[];
  corporate: number;
  quantity: number;
  /** "{{count}} × {{each}} ₽ = {{total}} ₽" */
  template: string;
  below: string;
  byRequest: string;
  /** The quantity field's id. */
  field: string;
}

const rub = (kopecks: number) => (kopecks / 100).toLocaleString("ru-RU", { maximumFractionDigits: 2 });

export function totalText({ tiers, corporate, template, below, byRequest }: PriceTotalProps, quantity: number) {
  if (!Number.isInteger(quantity) || quantity < (tiers[0]?.min ?? 1)) return below;
  if (quantity >= corporate) return byRequest;
  const tier = [...tiers].reverse().find((t) => quantity >= t.min)!;
  return template
    .replace("{{count}}", String(quantity))
    .replace("{{each}}", rub(tier.perInvite))
    .replace("{{total}}", rub(tier.perInvite * quantity));
}

export default function PriceTotal(props: PriceTotalProps) {
  return (
    <p className="text-lg font-semibold" data-testid="price-total" aria-live="polite">
      {totalText(props, props.quantity)}
    </p>
  );
}

export function enhance(root: HTMLElement, props: PriceTotalProps) {
  const out = root.querySelector<HTMLElement>("[data-testid=price-total]");
  const field = document.getElementById(props.field) as HTMLInputElement | null;
  if (!out || !field) return;
  field.addEventListener("input", () => {
    out.textContent = totalText(props, Number(field.value.trim()));
  });
}
