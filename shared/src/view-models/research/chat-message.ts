/** A chat's messages and the company it is about: the types chat-answers and the view model share. */
import type { ResearchAnswer } from '../../contracts/research.js';

export interface ChatCompany {
  company_number?: string;
  cik?: string;
  name?: string | null;
}

export interface ChatMessage {
  /** Stable within the view model (a list key). */
  key: number;
  question: string;
  answer: ResearchAnswer;
  streaming: boolean;
  /** Why the answer failed (the stream's error, the quota text, "Something went wrong..."). */
  error: string | null;
  /** "Could not generate specific thought process" when the generic plan stands in. */
  planError: string | null;
  /** The reader stopped the answer before it finished: what had arrived stays. */
  stopped?: boolean;
}
