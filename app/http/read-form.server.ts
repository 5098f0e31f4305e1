/**
 * The request's form fields, or a 400 the root ErrorBoundary renders as the app's error page.
 * request.formData() throws a TypeError on a broken multipart body, a missing boundary or a
 * body that is not a form at all, which would otherwise be a 500. Every action reads its form
 * through this (eslint enforces it).
 */
export async function readForm(request: { formData(): Promise<FormData> }): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response('The form could not be read: the request was not a valid form submission. Reload the page and send it again.', { status: 400, statusText: 'Bad Request' });
  }
}
