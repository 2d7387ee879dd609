import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { EC2Client } from '@aws-sdk/client-ec2';
import { HttpException } from '@nestjs/common';
import { Ec2Instances } from './ec2-instances.js';

const BACKFILL = 'i-0b0b0b0b0b0b0b0b0';
const PROD = 'i-0c0c0c0c0c0c0c0c0';

/** An EC2 client answering DescribeInstances with the given instances, and failing StartInstances with `startError`. */
function client(states: Record<string, string>, startError?: Error) {
  const sent: string[] = [];
  const instances = Object.entries(states).map(([id, state]) => ({
    InstanceId: id,
    State: { Name: state },
    Tags: [{ Key: 'Name', Value: id === PROD ? 'large-pipeline-prod' : 'large-pipeline-backfill' }],
  }));
  const fake = {
    send: async (command: { constructor: { name: string }; input: { InstanceIds?: string[] } }) => {
      const name = command.constructor.name;
      sent.push(name);
      const ids = command.input.InstanceIds;
      if (name === 'DescribeInstancesCommand')
        return { Reservations: [{ Instances: instances.filter((i) => !ids || ids.includes(i.InstanceId)) }] };
      if (startError) throw startError;
      return { StartingInstances: [{ InstanceId: ids![0], CurrentState: { Name: 'pending' } }] };
    },
  };
  return { ec2: fake as unknown as EC2Client, sent };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: HttpException) => [error.getStatus(), (error.getResponse() as { error?: string }).error ?? error.message],
  );

describe('Ec2Instances: the instance status, start and stop act on (issue 28 §3)', () => {
  it('never picks the first by name: several instances and none named answer 409 listing them', async () => {
    const { ec2 } = client({ [BACKFILL]: 'stopped', [PROD]: 'running' });
    const instances = new Ec2Instances(() => ec2, 'large-pipeline-', null);
    expect(await failure(instances.target('us-east-1'))).toEqual([
      409,
      `2 instances named large-pipeline-* in us-east-1 (large-pipeline-backfill ${BACKFILL}, large-pipeline-prod ${PROD}): ` +
        'name one with instance_id (credence ops ... --instance <id|name>), or set OPS_AWS_INSTANCE_ID on the server.',
    ]);
    expect((await new Ec2Instances(() => ec2, 'large-pipeline-', PROD).target('us-east-1')).id).toBe(PROD);
    expect((await instances.target('us-east-1', BACKFILL)).name).toBe('large-pipeline-backfill');
  });

  it('starting a running instance says so without calling EC2; a denied start is "no permission", 424', async () => {
    const running = client({ [PROD]: 'running' });
    const answer = await new Ec2Instances(() => running.ec2, 'large-pipeline-', null).act('start', 'us-east-1', PROD);
    expect(answer).toMatchObject({
      status: 'success',
      state: 'running',
      message: `large-pipeline-prod (${PROD}) is already running: nothing to start.`,
    });
    expect(running.sent).not.toContain('StartInstancesCommand');
    const denied = Object.assign(new Error('You are not authorized to perform this operation.'), {
      name: 'UnauthorizedOperation',
      $metadata: {},
    });
    const stopped = client({ [PROD]: 'stopped' }, denied);
    expect(await failure(new Ec2Instances(() => stopped.ec2, 'large-pipeline-', null).act('start', 'us-east-1', PROD))).toEqual([
      424,
      expect.stringMatching(/^no permission: ec2:StartInstances\. The API's AWS role may not do this on large-pipeline-prod/),
    ]);
  });
});
