/**
 * How wide an admin list must be before it shows a column (decision 034): the list's own width —
 * not the window's, since the sidebar takes 48 or 256 px of it — at Tailwind's breakpoint sizes:
 * "md" 48rem (768 px), "lg" 64rem (1,024 px), "xl" 80rem (1,280 px), "2xl" 96rem (1,536 px). A
 * column without one is always shown, in the table and on a phone's cards.
 */
export type ListWidth = "md" | "lg" | "xl" | "2xl";
