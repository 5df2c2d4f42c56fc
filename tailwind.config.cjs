/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ["./routes/**/*.{ts,tsx}", "./islands/**/*.{ts,tsx}", "./server/render/**/*.{ts,tsx}", "./node_modules/@tremor/**/*.{js,ts,jsx,tsx}"],
  theme: {
    screens: { sm: "541px", md: "768px", lg: "1024px", xl: "1280px" },
    extend: {
      colors: {
        brand: { 50: "#eef4ff", 100: "#dbe6fe", 500: "#4f6ef7", 600: "#3b55e6", 700: "#2f43c4", 900: "#1e2a6e" },
        tremor: {
          brand: { faint: "#eef4ff", muted: "#dbe6fe", subtle: "#8ea6fb", DEFAULT: "#4f6ef7", emphasis: "#2f43c4", inverted: "#ffffff" },
          background: { muted: "#f9fafb", subtle: "#f3f4f6", DEFAULT: "#ffffff", emphasis: "#374151" },
          border: { DEFAULT: "#e5e7eb" },
          ring: { DEFAULT: "#e5e7eb" },
          content: { subtle: "#9ca3af", DEFAULT: "#6b7280", emphasis: "#374151", strong: "#111827", inverted: "#ffffff" },
        },
      },
      boxShadow: {
        "tremor-input": "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "tremor-card": "0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)",
        "tremor-dropdown": "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
      },
      borderRadius: { "tremor-small": "0.375rem", "tremor-default": "0.5rem", "tremor-full": "9999px" },
      fontSize: {
        "tremor-label": ["0.75rem", { lineHeight: "1rem" }],
        "tremor-default": ["0.875rem", { lineHeight: "1.25rem" }],
        "tremor-title": ["1.125rem", { lineHeight: "1.75rem" }],
        "tremor-metric": ["1.875rem", { lineHeight: "2.25rem" }],
      },
    },
  },
  safelist: [
    {
      pattern: /^(bg|text|border|ring|stroke|fill)-(?:blue|emerald|amber|rose|violet|cyan)-(?:100|500|600)$/,
      variants: ["hover"],
    },
  ],
  plugins: [],
};
