// The value axis of a chart of counts (submissions, solved problems): whole numbers only, as a count has no 0.2
// (an empty week's chart was labelled 0, 0.2, 0.4, … 1).
export function countTicks(y: { ticks(count?: number): number[] }, count = 4): number[] {
  return y.ticks(count).filter(Number.isInteger);
}
