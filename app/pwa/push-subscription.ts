/**
 * Ends this device's push subscription: run where a session ends (the sign-in and sign-up
 * pages, beside the saved pages), so the next person on a shared device is not sent the last
 * one's reminders, with their contacts' names (ADR 079). The server's row for it goes the next
 * time a push to it is refused as gone.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
