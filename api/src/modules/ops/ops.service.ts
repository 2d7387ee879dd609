import { HttpException, Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { OPS_CONSTANTS, type InstanceActionResponse, type OpsAction, type SessionClaims } from '@credence/shared';
import { OPS_BACKEND, type OpsBackend } from './backend/ops-backend.js';
import { OpsActionsService } from './ops-actions.service.js';

/** The ops calls over the configured backend; every start and stop is recorded, whatever its end. */
@Injectable()
export class OpsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Ops');

  constructor(
    @Inject(OPS_BACKEND) readonly backend: OpsBackend,
    @Inject(OpsActionsService) private readonly actions: OpsActionsService,
  ) {}

  region(region: string | undefined): string {
    return region ?? OPS_CONSTANTS.defaultRegion;
  }

  /** Starts or stops `instanceId`, else the instance the configuration names (never the first by name). */
  async act(user: SessionClaims, action: OpsAction, region: string | undefined, instanceId?: string): Promise<InstanceActionResponse> {
    const where = this.region(region);
    // Recorded even when refused: the asked instance, else the one the configuration names.
    const named = instanceId ? null : await this.backend.status(where).catch(() => null);
    const base = { action, backend: this.backend.kind, region: where, instance_id: instanceId ?? named?.instance_id ?? 'unknown' };
    try {
      const result = await this.backend.act(action, where, instanceId);
      await this.actions.record(user, { ...base, instance_id: result.instance_id, result: result.status, error: result.error });
      this.logger.log(`${user.email} ${action} ${result.instance_id}: ${result.status}${result.message ? ` (${result.message})` : ''}`);
      const { status, error, state, instance_id, instance_name, message } = result;
      return { status, error, state, instance_id, instance_name, message: message ?? null };
    } catch (error) {
      const refused = error instanceof HttpException && error.getStatus() < 500;
      const message = error instanceof HttpException ? messageOf(error) : (error as Error).message;
      await this.actions.record(user, { ...base, result: refused ? 'refused' : 'error', error: message });
      this.logger.warn(`${user.email} ${action} ${base.instance_id}: ${refused ? 'refused' : 'failed'}: ${message}`);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.backend.close();
  }
}

function messageOf(error: HttpException): string {
  const body = error.getResponse();
  if (typeof body === 'string') return body;
  const { error: text, message } = body as { error?: unknown; message?: unknown };
  return typeof text === 'string' ? text : typeof message === 'string' ? message : error.message;
}
