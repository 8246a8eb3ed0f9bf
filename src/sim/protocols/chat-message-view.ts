/**
 * A chat message as the simulated model reads it, whatever the protocol: its role, its text and the
 * data URLs of its images. The reply composers (chat-content.ts, vision-content.ts) take it.
 */
export interface ChatMessageView {
  role: string;
  text: string;
  images: string[];
}
