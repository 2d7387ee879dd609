import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { WORKFLOW_CATEGORIES, type WorkflowCategory } from '@credence/shared';
import { IsFilled } from '../../../core/validation/decorators.js';
import { CHAT_KEY, chatKeyMessage } from '../../../platform/ai/chats/chat-key.js';

const QUERY_MAX = 2000;
const STEP_MAX = 2000;
const STEPS_MAX = 30;
const CATEGORY_MESSAGE = `workflow_category must be one of ${WORKFLOW_CATEGORIES.join(', ')}`;

const Query = () => (target: object, property: string) => {
  ApiProperty({ description: 'What to look for in the documents', maxLength: QUERY_MAX })(target, property);
  IsFilled('query must not be empty')(target, property);
  MaxLength(QUERY_MAX, { message: `query must be at most ${QUERY_MAX} characters` })(target, property);
  IsString({ message: 'query must be text' })(target, property);
};

const Category = () => (target: object, property: string) => {
  ApiProperty({ enum: WORKFLOW_CATEGORIES })(target, property);
  IsIn(WORKFLOW_CATEGORIES, { message: CATEGORY_MESSAGE })(target, property);
};

const ChatKey = (field: string) => (target: object, property: string) => {
  ApiProperty({ description: "The workspace's chat key (its uploads)", example: 'k3x9' })(target, property);
  Matches(CHAT_KEY, { message: chatKeyMessage(field) })(target, property);
  IsString({ message: chatKeyMessage(field) })(target, property);
};

/** `GET generate_thought_process` (spec 3 section 7). */
export class RestructuringPlanQuery {
  @Query() query!: string;
  @ChatKey('chat_id') chat_id!: string;
  @Category() workflow_category!: WorkflowCategory;
}

/** `POST start_query` (spec 3 section 7). */
export class StartQueryDto {
  @Query() query!: string;

  @ApiProperty({ type: [String], description: 'The plan; its last step lists the chosen columns in square brackets' })
  @IsArray({ message: 'thoughts must be a list of steps' })
  @ArrayMinSize(1, { message: 'thoughts must hold at least one step' })
  @ArrayMaxSize(STEPS_MAX, { message: `thoughts must hold at most ${STEPS_MAX} steps` })
  @IsString({ each: true, message: 'thoughts must be a list of steps' })
  @MaxLength(STEP_MAX, { each: true, message: `a step must be at most ${STEP_MAX} characters` })
  thoughts!: string[];

  @ChatKey('chat_key') chat_key!: string;
  @Category() workflow_category!: WorkflowCategory;
}

/** `GET restructuring/export_excel`. */
export class ExportExcelQuery {
  @ChatKey('chat_id') chat_id!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: "A saved run of the chat (the `id` of one of get_chat's details); without it, the chat's latest table",
  })
  @IsOptional()
  @IsUUID('all', { message: "run_id must be a run's id (a UUID from get_chat's details), or left out for the latest table" })
  run_id?: string;
}
