// Class names the users admin pages share.
export const input = 'rounded border border-slate-300 px-2 py-1 text-sm';
export const btn = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-600 hover:border-blue-400 hover:text-blue-600';
export const primary = 'rounded bg-blue-600 px-3 py-1 text-sm text-white hover:bg-blue-700 disabled:opacity-50';
export const card = 'rounded-lg border border-slate-200 bg-white p-4';
/** A card holding a wide table: on a phone the table scrolls inside it, not the page. */
export const tableCard = `${card} overflow-x-auto`;
