/** Texts of the web app's live screens (chat, bell) beyond those in live.ts. */
export const LIVE_UI = {} as const;
