import type { ResearchPlugin } from '../../../platform/ai/engine/research-plugin.js';
import type { RecordingEmitter, ResearchEngine, ResearchRequest } from '../../../platform/ai/engine/types.js';
import { DocumentModelAnswerer } from '../llm/document-model.js';
import { DocumentAnswerer } from './document-answer.js';

/**
 * A question in a chat that has uploaded documents (`chat_key`) is answered from them: through the
 * model when LLM_* is set (the found pages sent as data, its figures checked on their pages), else
 * by the built-in document analyst (every figure and quote confirmed on its page); any other by `next`.
 */
class DocumentAwareEngine implements ResearchEngine {
  constructor(
    private readonly documents: DocumentAnswerer,
    private readonly next: ResearchEngine,
    private readonly model: DocumentModelAnswerer | null,
  ) {}

  get name() {
    return this.next.name;
  }

  async answer(request: ResearchRequest, out: RecordingEmitter): Promise<void> {
    if (this.model) {
      if (!(await this.model.answer(request, out))) await this.next.answer(request, out);
      return;
    }
    const outcome = await this.documents.answer(request, out);
    if (!outcome) return this.next.answer(request, out);
    if (outcome.declined) out.declined?.(outcome.declined);
  }
}

/** Uploaded documents in research: a chat's questions over its PDFs answered from their pages. */
export const documentsResearch: ResearchPlugin = {
  name: 'documents',
  engine: (next, { db, config, toolkit }) => {
    const documents = new DocumentAnswerer(db, toolkit.evidence);
    const model = config.llm ? new DocumentModelAnswerer(config.llm, db, toolkit.evidence, documents) : null;
    return new DocumentAwareEngine(documents, next, model);
  },
};
