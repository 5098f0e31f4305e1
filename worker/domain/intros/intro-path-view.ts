// What the intro-path search answers (GET /contacts/{id}/intro-paths, the contact page's
// "How you could reach them", the MCP tool): shared types, apart from the queries.

export interface IntroPerson {
  id: string;
  name: string;
}

/** Why two people on a path know each other. */
export interface IntroEvidence {
  type: 'relationship' | 'organization' | 'group';
  /** In words: "Dee is Cy's colleague", "both at Acme", "both in “Founders” (telegram)". */
  text: string;
}

export interface IntroStep {
  from: IntroPerson;
  to: IntroPerson;
  evidence: IntroEvidence[];
}

export interface IntroPath {
  /** Higher is better: the introducer's score, weighed by each tie's strength and the path's length. */
  score: number;
  /** People between you and the target, the target counted: 2 (you → introducer → them) or 3. */
  hops: 2 | 3;
  /** The person you would ask, and how warm your own tie to them is. */
  introducer: IntroPerson & { relationship_score: number; last_interaction_at: string | null };
  steps: IntroStep[];
}
