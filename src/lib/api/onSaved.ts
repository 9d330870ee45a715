/**
 * Hands a mutation’s answer to `apply` once it arrives, for the mutations whose answer is what is saved
 * now and replaces cached data. A failure is left to the mutation's own result, which the form shows.
 */
export async function onSaved<T>(queryFulfilled: Promise<{ data: T }>, apply: (data: T) => void): Promise<void> {
  try {
    apply((await queryFulfilled).data);
  } catch {
    // Shown by the form, from the mutation's result.
  }
}
