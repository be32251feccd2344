/** The agent inbox's pages (issue 18). */
export interface AgentLoginData {
  /** The refusal of the last sign-in (303 back with ?error=), or null. */
  error: string | null;
  /** What was typed as account. */
  account: string;
}

export interface AgentInboxData {
  agent: { uid: string; name: string; belongerId: number };
}
