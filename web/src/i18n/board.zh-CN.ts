// Simplified Chinese messages of the board pages (issue 5), spread into zh-CN.ts. Ids: area.component.key.
export const boardZhCN = {
  'board.page.placeholder': 'board',
};
