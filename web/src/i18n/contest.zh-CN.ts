// Simplified Chinese messages of the contest pages (issue 5), spread into zh-CN.ts. Ids: area.component.key.
export const contestZhCN = {
  'contest.page.placeholder': 'contest',
};
