/** Texts of the web app's live screens (chat, bell) beyond those in live.ts. */
export const LIVE_UI = {
  chatIntro: 'Talk with other citizens on CivicPulse. Messages appear for everyone as they are sent.',
  chatSending: 'Sending…',
  chatReconnecting: 'Reconnecting… new messages will appear once the connection is back.',
  chatLoading: 'Loading messages…',
  chatLoadOlder: 'Load older messages',
  /** The toast when a message arrives away from the chat screen (Settings → Notifications → chat). */
  chatNewMessageFrom: (name: string) => `New message from ${name} in Community Chat`,
  /** The screen-reader line under the bell when a notification arrives. */
  notificationArrived: (title: string) => `New notification: ${title}`,
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  unread: 'Unread',
  loadingNotifications: 'Loading notifications…',
} as const;
