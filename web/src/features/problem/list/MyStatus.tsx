// The caller's status mark in a problem list (the bank's and a group's).

/** ✔ ever accepted, ✘ tried, nothing when never submitted (or logged out). */
export function MyStatus({ status }: { status: number | undefined }) {
  if (status === undefined || status === -10) return null;
  return status === 0 ? (
    <span className="text-green-600" data-testid="my-status" data-status="ac">
      ✔
    </span>
  ) : (
    <span className="text-red-500" data-testid="my-status" data-status="tried">
      ✘
    </span>
  );
}
