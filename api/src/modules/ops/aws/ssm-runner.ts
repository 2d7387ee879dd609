import { ConflictException, GatewayTimeoutException, HttpException, HttpStatus, ServiceUnavailableException } from '@nestjs/common';
import { GetCommandInvocationCommand, SendCommandCommand, type SSMClient } from '@aws-sdk/client-ssm';
import { ssmCommands, type ScriptRunner } from '../host/script-runner.js';
import { awsFailure } from './aws-errors.js';

export interface SsmRunnerOptions {
  /** How often GetCommandInvocation is asked (the SDK's waiter asks every 5 s: too slow for a live view). */
  pollMs: number;
  /** How long InvocationDoesNotExist counts as "not there yet" after SendCommand (eventual consistency). */
  notFoundGraceMs: number;
  /** How long one command may take before it is given up. */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** The instance's EC2 state, asked when SSM refuses it (InvalidInstanceId) to say why in plain words. */
  stateOf?: () => Promise<string>;
}

const RUNNING = new Set(['Pending', 'InProgress', 'Delayed']);
const THROTTLED = new Set(['ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded']);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The host script on one EC2 instance through SSM Run Command (AWS-RunShellScript): SendCommand,
 * then its own poll of GetCommandInvocation (a fresh invocation may not exist yet; a throttled
 * poll waits longer, doubling up to 5 s; the SDK client itself retries in adaptive mode).
 */
export class SsmScriptRunner implements ScriptRunner {
  /** SendCommand calls made (the bench counts them per watched file). */
  sent = 0;

  constructor(
    private readonly client: SSMClient,
    private readonly instanceId: string,
    private readonly options: SsmRunnerOptions,
  ) {}

  /**
   * SSM's InvalidInstanceId ("not in a valid state") as what it means: the instance is not running
   * (409, its state named, and how to start it), or it runs but its SSM agent is not registered (424).
   */
  private async unreachable(): Promise<HttpException> {
    const state = (await this.options.stateOf?.().catch(() => null)) ?? null;
    if (state && state !== 'running')
      return new ConflictException(
        `The instance ${this.instanceId} is ${state}: its logs and screens can be read only while it runs. ` +
          'Start it (credence ops start, or Start in the Instance Manager) and try again.',
      );
    return new HttpException(
      `The instance ${this.instanceId} is running but SSM cannot reach it (SSM agent not registered): ` +
        'check that the SSM agent runs on it and that its instance profile allows Systems Manager.',
      HttpStatus.FAILED_DEPENDENCY,
    );
  }

  async run(args: string[]): Promise<string> {
    const sleep = this.options.sleep ?? wait;
    this.sent++;
    const sent = await this.client
      .send(
        new SendCommandCommand({
          InstanceIds: [this.instanceId],
          DocumentName: 'AWS-RunShellScript',
          Comment: 'credence ops (fixed script, values as base64 data)',
          TimeoutSeconds: 30,
          Parameters: { commands: ssmCommands(args), executionTimeout: ['60'] },
        }),
      )
      .catch(async (error: Error) => {
        if (error.name === 'InvalidInstanceId') throw await this.unreachable();
        throw awsFailure(error, 'ssm:SendCommand', this.instanceId);
      });
    const commandId = sent.Command?.CommandId;
    if (!commandId) throw new ServiceUnavailableException('SSM did not answer a command id: try again');
    const started = Date.now();
    let delay = this.options.pollMs;
    for (;;) {
      await sleep(delay);
      if (Date.now() - started > this.options.timeoutMs) {
        throw new GatewayTimeoutException(`The instance ${this.instanceId} did not answer within ${this.options.timeoutMs} ms`);
      }
      try {
        const invocation = await this.client.send(new GetCommandInvocationCommand({ CommandId: commandId, InstanceId: this.instanceId }));
        delay = this.options.pollMs;
        const status = invocation.Status ?? 'Pending';
        if (status === 'Success') return invocation.StandardOutputContent ?? '';
        if (RUNNING.has(status)) continue;
        const detail = (invocation.StandardErrorContent || invocation.StatusDetails || '').trim().slice(0, 500);
        throw new ServiceUnavailableException(`The command on ${this.instanceId} ended ${status}${detail ? `: ${detail}` : ''}`);
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'InvocationDoesNotExist' && Date.now() - started < this.options.notFoundGraceMs) continue;
        if (THROTTLED.has(name)) {
          delay = Math.min(delay * 2, 5_000);
          continue;
        }
        throw awsFailure(error, 'ssm:GetCommandInvocation', this.instanceId);
      }
    }
  }
}
