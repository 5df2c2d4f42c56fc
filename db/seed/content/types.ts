// Report content is composed per format from parts written for each dimension of the format:
// structure (system / analytic / balanced) carries the substance of a block, volume (how much the
// person holds at once) and presentation (the pace at which they think aloud and act) colour it.
// Every part is written to follow the one before it, so each of the 27 reports reads as one text.

export type Structure = "system" | "analytic" | "balanced";
export type Volume = "low" | "middle" | "high";
export type Presentation = "slow" | "middle" | "fast";

export const TABS = ["general", "career", "personal"] as const;
export type Tab = (typeof TABS)[number];

/** The 12 blocks of the consumer report (spec §1), in reading order, with their tab. */
export const CONSUMER_SECTIONS = [
  { key: "socialRole", tab: "general" },
  { key: "superpower", tab: "general" },
  { key: "motivation", tab: "general" },
  { key: "vulnerabilities", tab: "general" },
  { key: "achillesHeel", tab: "general" },
  { key: "examples", tab: "general" },
  { key: "effectiveActivity", tab: "career" },
  { key: "productiveEnvironment", tab: "career" },
  { key: "professions", tab: "career" },
  { key: "relationships", tab: "personal" },
  { key: "partner", tab: "personal" },
  { key: "family", tab: "personal" },
] as const;
export type ConsumerSection = (typeof CONSUMER_SECTIONS)[number]["key"];

/** The business cabinet's view of an employee's format: written for the employer, in the third person. */
export const BUSINESS_SECTIONS = ["teamRole", "strengths", "drivers", "risks", "management", "positions"] as const;
export type BusinessSection = (typeof BUSINESS_SECTIONS)[number];

export interface Fragments<S extends string> {
  structure: Record<Structure, Record<S, string>>;
  volume: Record<Volume, Record<S, string>>;
  presentation: Record<Presentation, Record<S, string>>;
}

export interface LanguageContent {
  /** Block titles, consumer and business. */
  titles: Record<ConsumerSection | BusinessSection, string>;
  consumer: Fragments<ConsumerSection>;
  business: Fragments<BusinessSection>;
  /** Report titles; {name} is the format's name. */
  reportTitle: Record<"base" | "full" | "short" | "business" | "career" | "chief" | "couple", string>;
}
