import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each saved question's size as stored (its query, answer, tables and steps as JSON text, in bytes),
 * written when it is saved: get_chat pages a chat by size without turning every answer back into
 * text on each read (issue 24). Questions saved before are measured once here.
 */
export class ChatMessageSize1766102400000 implements MigrationInterface {
  name = 'ChatMessageSize1766102400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE research_chat_messages ADD COLUMN size_bytes integer`);
    await runner.query(
      `UPDATE research_chat_messages SET size_bytes = octet_length(query_str) + octet_length(observations::text) + octet_length(table_data::text) + octet_length(thought_process::text)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE research_chat_messages DROP COLUMN size_bytes`);
  }
}
