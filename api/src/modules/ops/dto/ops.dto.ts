import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { OPS_CONSTANTS, OPS_REGIONS } from '@credence/shared';
import { IsFilled } from '../../../core/validation/decorators.js';
import { filterPatternError } from '../logs/line-filter.js';

/** An EC2 instance id, or `local` (the local backend's one instance). */
const INSTANCE_ID = /^(local|i-[0-9a-f]{8,17})$/;
/** Anything but control characters (newline, NUL, escape...): a path or pattern is one line of text. */
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
export const MAX_PATH_LENGTH = 1024;

const Region = () => (target: object, property: string) => {
  ApiPropertyOptional({ enum: OPS_REGIONS, default: OPS_CONSTANTS.defaultRegion })(target, property);
  IsOptional()(target, property);
  IsIn(OPS_REGIONS, { message: `region must be one of ${OPS_REGIONS.join(', ')}` })(target, property);
};

const InstanceId = () => (target: object, property: string) => {
  ApiProperty({ example: 'i-0123456789abcdef0', description: 'An EC2 instance id (`local` with the local backend)' })(target, property);
  Matches(INSTANCE_ID, { message: 'instance_id must be an EC2 instance id such as i-0123456789abcdef0 (or local)' })(target, property);
  IsString({ message: 'instance_id must be an EC2 instance id such as i-0123456789abcdef0 (or local)' })(target, property);
};

const LogPath = () => (target: object, property: string) => {
  ApiProperty({ example: '/var/log/pipeline/run.log', description: 'A file under the log roots, as list_ec2_logs gives it' })(
    target,
    property,
  );
  Matches(ONE_LINE, { message: 'path must be one line of text: no newlines, NUL or other control characters' })(target, property);
  MaxLength(MAX_PATH_LENGTH, { message: `path must be at most ${MAX_PATH_LENGTH} characters` })(target, property);
  IsFilled('path must name a log file (see list_ec2_logs)')(target, property);
  IsString({ message: 'path must name a log file (see list_ec2_logs)' })(target, property);
};

/** GET list_ec2_instances, status_intern_instance. */
export class RegionQuery {
  @Region() region?: string;
}

/**
 * GET status_intern_instance, POST start_intern_instance / stop_intern_instance (empty bodies):
 * the asked instance, else the one the server's configuration names.
 */
export class InstanceTargetQuery extends RegionQuery {
  @ApiPropertyOptional({
    example: 'i-0123456789abcdef0',
    description: 'The instance to act on (any large-pipeline-* one of the region); else OPS_AWS_INSTANCE_ID, else the only one',
  })
  @IsOptional()
  @Matches(INSTANCE_ID, { message: 'instance_id must be an EC2 instance id such as i-0123456789abcdef0 (or local)' })
  @IsString({ message: 'instance_id must be an EC2 instance id such as i-0123456789abcdef0 (or local)' })
  instance_id?: string;
}

/** GET list_ec2_logs, list_screen_sessions. */
export class InstanceQuery {
  @InstanceId() instance_id!: string;
  @Region() region?: string;
}

/** GET watch_ec2_instance. */
export class LogFileQuery extends InstanceQuery {
  @LogPath() path!: string;
}

const LineFilter = (name: string, what: string) => (target: object, property: string) => {
  ApiPropertyOptional({ description: what, maxLength: OPS_CONSTANTS.maxPatternLength })(target, property);
  IsOptional()(target, property);
  // a /regex/ RE2 accepts (linear time, logs/line-filter.ts); the reason named when it does not
  ValidateBy({
    name: 'linePattern',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || filterPatternError(value) === null,
      defaultMessage: (args) => `${name} ${filterPatternError(String(args?.value ?? ''))}`,
    },
  })(target, property);
  Matches(ONE_LINE, { message: `${name} must be one line of text: no newlines, NUL or other control characters` })(target, property);
  MaxLength(OPS_CONSTANTS.maxPatternLength, { message: `${name} must be at most ${OPS_CONSTANTS.maxPatternLength} characters` })(
    target,
    property,
  );
  IsString({ message: `${name} must be text` })(target, property);
};

/** GET watch_ec2_instance and tail_ec2_instance: the lines kept, filtered on the server (literal or /regex/, any case). */
export class FilteredLogQuery extends LogFileQuery {
  @LineFilter('grep', 'Only lines that contain this text (literal, any case), or match /regex/ (RE2, any case)') grep?: string;
  @LineFilter('exclude', 'No lines that contain this text (literal, any case), or match /regex/ (RE2, any case)') exclude?: string;
}

/** GET tail_ec2_instance. */
export class TailQuery extends FilteredLogQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: OPS_CONSTANTS.tailMaxLines, default: OPS_CONSTANTS.tailDefaultLines })
  @IsOptional()
  @Max(OPS_CONSTANTS.tailMaxLines, { message: `lines must be a whole number from 1 to ${OPS_CONSTANTS.tailMaxLines}` })
  @Min(1, { message: `lines must be a whole number from 1 to ${OPS_CONSTANTS.tailMaxLines}` })
  @IsInt({ message: `lines must be a whole number from 1 to ${OPS_CONSTANTS.tailMaxLines}` })
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value))
  lines?: number;
}

/** GET search_logs_ec2. */
export class SearchQuery extends LogFileQuery {
  @ApiProperty({ description: 'Text to find (literal, case-insensitive)', maxLength: OPS_CONSTANTS.maxPatternLength })
  @Matches(ONE_LINE, { message: 'pattern must be one line of text: no newlines, NUL or other control characters' })
  @MaxLength(OPS_CONSTANTS.maxPatternLength, { message: `pattern must be at most ${OPS_CONSTANTS.maxPatternLength} characters` })
  @IsFilled('Please enter a search pattern')
  @IsString({ message: 'Please enter a search pattern' })
  pattern!: string;
}

/** GET get_screen_content, watch_screen. */
export class ScreenQuery extends InstanceQuery {
  @ApiProperty({ example: '12345', description: 'The session pid from list_screen_sessions' })
  @Matches(/^\d{1,9}$/, { message: 'screen_pid must be the pid of a screen session (digits), as list_screen_sessions gives it' })
  @IsString({ message: 'screen_pid must be the pid of a screen session (digits), as list_screen_sessions gives it' })
  screen_pid!: string;
}
