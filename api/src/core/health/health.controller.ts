import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/public.decorator.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @Get()
  @Public()
  @ApiOperation({ summary: '{"status":"ok"} once the database is reachable and migrated' })
  async health(): Promise<{ status: 'ok' }> {
    try {
      if (await this.db.showMigrations()) throw new Error('pending migrations');
    } catch {
      throw new ServiceUnavailableException('The database is not reachable or not migrated yet.');
    }
    return { status: 'ok' };
  }
}
