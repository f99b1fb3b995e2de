/** The messages of a failed `safeParse`, in order; none when it passed. */
export const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];
