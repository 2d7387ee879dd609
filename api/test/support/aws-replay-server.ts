/**
 * A local stand-in for the EC2 and SSM endpoints (no AWS emulator installs here): the real SDK
 * clients, pointed at it with AWS_ENDPOINT_URL, send their own requests (EC2 query protocol, SSM
 * JSON 1.1) and parse answers in the formats recorded from the services (EC2 2016-11-15 XML, SSM
 * JSON and its `__type` errors). SendCommand runs the commands it gets with `sh` on this host, as
 * the SSM agent runs AWS-RunShellScript, and GetCommandInvocation answers Pending, then
 * InProgress, then Success or Failed with the stdout cut at the agent's 24,000 characters. Faults
 * can be queued: InvocationDoesNotExist, ThrottlingException, a Failed invocation.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeInstance {
  id: string;
  name: string;
  region: string;
  state: 'pending' | 'running' | 'stopping' | 'stopped';
  systemStatus?: 'ok' | 'impaired' | 'initializing';
  instanceStatus?: 'ok' | 'impaired' | 'initializing';
  /** Default m5.large. */
  type?: string;
  /** When it last started (ISO); default 2026-01-05T09:30:00.000Z. */
  launchTime?: string;
  /** false: no SSM agent registered (SendCommand answers InvalidInstanceId, DescribeInstanceInformation leaves it out). */
  ssmAgent?: boolean;
}

interface Invocation {
  id: string;
  instanceId: string;
  sentAt: number;
  done: Promise<void>;
  finished: boolean;
  stdout: string;
  stderr: string;
  code: number;
}

export interface AwsCall {
  service: 'ec2' | 'ssm';
  action: string;
  region: string;
  body: any;
}

const STATE_CODES = { pending: 0, running: 16, stopping: 64, stopped: 80 } as const;
const MAX_STDOUT = 24_000;
const MAX_STDERR = 8_000;

export interface AwsReplay {
  url: string;
  instances: FakeInstance[];
  calls: AwsCall[];
  /** Faults the next GetCommandInvocation calls answer, in order. */
  faults: ('InvocationDoesNotExist' | 'ThrottlingException' | 'Failed')[];
  /** Actions answered as an IAM denial (EC2 UnauthorizedOperation, SSM AccessDeniedException), e.g. StartInstances. */
  denied: Set<string>;
  /** Time from SendCommand to the invocation's result (the SSM round trip). */
  commandMs: number;
  /** Time every answer waits before it is sent (the network to the endpoint). */
  latencyMs: number;
  /** Time a state change (pending -> running, stopping -> stopped) takes. */
  transitionMs: number;
  /** Ends every state change under way now (pending -> running, stopping -> stopped). */
  settle(): void;
  /** The SendCommand calls so far. */
  sendCommands(): AwsCall[];
  close(): Promise<void>;
}

const xml = (action: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${action}Response xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">\n` +
  `    <requestId>${randomUUID()}</requestId>\n${inner}\n</${action}Response>`;
const ec2Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Response><Errors><Error><Code>${code}</Code><Message>${message}</Message></Error></Errors><RequestID>${randomUUID()}</RequestID></Response>`;
const deniedMessage = (action: string) =>
  `User: arn:aws:sts::123456789012:assumed-role/credence-api/i-0 is not authorized to perform: ${action} because no identity-based policy allows the ${action} action`;
const state = (name: FakeInstance['state']) => `<code>${STATE_CODES[name]}</code><name>${name}</name>`;

/** An EC2 filter value (`*` and `?` wildcards, `\` escapes) as a regular expression. */
function wildcard(value: string): RegExp {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\' && i + 1 < value.length) out += value[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else out += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

export async function startAwsReplay(
  instances: FakeInstance[],
  options: { commandMs?: number; transitionMs?: number } = {},
): Promise<AwsReplay> {
  const invocations = new Map<string, Invocation>();
  const replay: AwsReplay = {
    url: '',
    instances,
    calls: [],
    faults: [],
    denied: new Set(),
    commandMs: options.commandMs ?? 100,
    transitionMs: options.transitionMs ?? 200,
    latencyMs: 0,
    sendCommands: () => replay.calls.filter((c) => c.action === 'SendCommand'),
    settle: () => {
      for (const [timer, fn] of timers) {
        clearTimeout(timer);
        timers.delete(timer);
        fn();
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const timers = new Map<NodeJS.Timeout, () => void>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => (timers.delete(timer), fn()), ms);
    timers.set(timer, fn);
  };

  function ec2(action: string, params: URLSearchParams, region: string, res: ServerResponse): void {
    const ids = [...params.entries()].filter(([k]) => /^InstanceId\.\d+$/.test(k)).map(([, v]) => v);
    const inRegion = instances.filter((i) => i.region === region);
    const unknown = ids.find((id) => !inRegion.some((i) => i.id === id));
    const send = (status: number, text: string): void => void res.writeHead(status, { 'content-type': 'text/xml;charset=UTF-8' }).end(text);
    if (unknown) return send(400, ec2Error('InvalidInstanceID.NotFound', `The instance ID '${unknown}' does not exist`));
    if (replay.denied.has(action)) return send(403, ec2Error('UnauthorizedOperation', deniedMessage(`ec2:${action}`)));
    const chosen = ids.length ? inRegion.filter((i) => ids.includes(i.id)) : inRegion;
    if (action === 'DescribeInstances') {
      const nameValues = [...params.entries()].filter(([k]) => /^Filter\.\d+\.Value\.\d+$/.test(k)).map(([, v]) => wildcard(v));
      const named = chosen.filter((i) => nameValues.length === 0 || nameValues.some((re) => re.test(i.name)));
      const items = named
        .map(
          (i) =>
            `<item><reservationId>r-${i.id.slice(2)}</reservationId><ownerId>123456789012</ownerId><groupSet/><instancesSet><item>` +
            `<instanceId>${i.id}</instanceId><imageId>ami-0abcdef1234567890</imageId><instanceState>${state(i.state)}</instanceState>` +
            `<privateDnsName>ip-10-0-0-1.ec2.internal</privateDnsName><instanceType>${i.type ?? 'm5.large'}</instanceType>` +
            `<launchTime>${i.launchTime ?? '2026-01-05T09:30:00.000Z'}</launchTime>` +
            `<placement><availabilityZone>${region}a</availabilityZone><tenancy>default</tenancy></placement>` +
            `<tagSet><item><key>Name</key><value>${i.name}</value></item><item><key>OpsManaged</key><value>true</value></item></tagSet>` +
            `</item></instancesSet></item>`,
        )
        .join('');
      return send(200, xml(action, `    <reservationSet>${items}</reservationSet>`));
    }
    if (action === 'DescribeInstanceStatus') {
      const items = chosen
        .map((i) => {
          const running = i.state === 'running';
          const check = (s?: string) =>
            `<status>${running ? (s ?? 'ok') : 'not-applicable'}</status><details><item><name>reachability</name><status>${running ? 'passed' : 'not-applicable'}</status></item></details>`;
          return (
            `<item><instanceId>${i.id}</instanceId><availabilityZone>${region}a</availabilityZone><instanceState>${state(i.state)}</instanceState>` +
            `<systemStatus>${check(i.systemStatus)}</systemStatus><instanceStatus>${check(i.instanceStatus)}</instanceStatus></item>`
          );
        })
        .join('');
      return send(200, xml(action, `    <instanceStatusSet>${items}</instanceStatusSet>`));
    }
    if (action === 'StartInstances' || action === 'StopInstances') {
      const start = action === 'StartInstances';
      const blocked = chosen.find((i) => i.state === (start ? 'stopping' : 'pending'));
      if (blocked)
        return send(
          400,
          ec2Error(
            'IncorrectInstanceState',
            `The instance '${blocked.id}' is not in a state from which it can be ${start ? 'started' : 'stopped'}.`,
          ),
        );
      const items = chosen
        .map((i) => {
          const previous = i.state;
          if (start && i.state === 'stopped') {
            i.state = 'pending';
            later(replay.transitionMs, () => (i.state = 'running'));
          } else if (!start && i.state === 'running') {
            i.state = 'stopping';
            later(replay.transitionMs, () => (i.state = 'stopped'));
          }
          return `<item><instanceId>${i.id}</instanceId><currentState>${state(i.state)}</currentState><previousState>${state(previous)}</previousState></item>`;
        })
        .join('');
      return send(200, xml(action, `    <instancesSet>${items}</instancesSet>`));
    }
    send(400, ec2Error('InvalidAction', `The action ${action} is not valid for this web service.`));
  }

  function ssm(action: string, input: any, region: string, res: ServerResponse): void {
    const send = (status: number, value: unknown): void =>
      void res
        .writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() })
        .end(JSON.stringify(value));
    const fail = (type: string, message: string | null, status = 400): void => send(status, { __type: type, message });
    if (replay.denied.has(action)) return fail('AccessDeniedException', deniedMessage(`ssm:${action}`));
    if (action === 'DescribeInstanceInformation') {
      const wanted: string[] | undefined = input.Filters?.find((f: { Key: string }) => f.Key === 'InstanceIds')?.Values;
      const known = instances.filter((i) => i.region === region && i.ssmAgent !== false && (!wanted || wanted.includes(i.id)));
      return send(200, {
        InstanceInformationList: known.map((i) => ({
          InstanceId: i.id,
          PingStatus: i.state === 'running' ? 'Online' : 'ConnectionLost',
          LastPingDateTime: Date.now() / 1000,
          AgentVersion: '3.3.1142.0',
          IsLatestVersion: false,
          PlatformType: 'Linux',
          PlatformName: 'Ubuntu',
          PlatformVersion: '22.04',
          ResourceType: 'EC2Instance',
          IPAddress: '10.0.0.1',
          ComputerName: 'ip-10-0-0-1.ec2.internal',
          SourceId: i.id,
          SourceType: 'AWS::EC2::Instance',
        })),
      });
    }
    if (action === 'SendCommand') {
      const [instanceId] = input.InstanceIds ?? [];
      const instance = instances.find((i) => i.id === instanceId && i.region === region);
      if (!instance || instance.state !== 'running' || instance.ssmAgent === false)
        return fail('InvalidInstanceId', 'Instances [[' + instanceId + ']] not in a valid state for account 123456789012');
      if (input.DocumentName !== 'AWS-RunShellScript') return fail('InvalidDocument', `Document ${input.DocumentName} does not exist`);
      const id = randomUUID();
      const invocation: Invocation = {
        id,
        instanceId,
        sentAt: Date.now(),
        finished: false,
        stdout: '',
        stderr: '',
        code: 0,
        done: Promise.resolve(),
      };
      invocation.done = new Promise((resolve) => {
        execFile(
          'sh',
          ['-c', (input.Parameters.commands as string[]).join('\n')],
          { maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
          (error, stdout, stderr) => {
            invocation.stdout = stdout.slice(0, MAX_STDOUT);
            invocation.stderr = stderr.slice(0, MAX_STDERR);
            invocation.code = error ? ((error as { code?: number }).code ?? 1) : 0;
            invocation.finished = true;
            resolve();
          },
        );
      });
      invocations.set(id, invocation);
      const requested = invocation.sentAt / 1000;
      return send(200, {
        Command: {
          CommandId: id,
          DocumentName: 'AWS-RunShellScript',
          DocumentVersion: '$DEFAULT',
          Comment: input.Comment ?? '',
          ExpiresAfter: requested + 60 + (input.TimeoutSeconds ?? 3600),
          Parameters: input.Parameters,
          InstanceIds: input.InstanceIds,
          Targets: [],
          RequestedDateTime: requested,
          Status: 'Pending',
          StatusDetails: 'Pending',
          OutputS3Region: region,
          MaxConcurrency: '50',
          MaxErrors: '0',
          TargetCount: 1,
          CompletedCount: 0,
          ErrorCount: 0,
          DeliveryTimedOutCount: 0,
          ServiceRole: '',
          NotificationConfig: { NotificationArn: '', NotificationEvents: [], NotificationType: '' },
          CloudWatchOutputConfig: { CloudWatchLogGroupName: '', CloudWatchOutputEnabled: false },
          TimeoutSeconds: input.TimeoutSeconds ?? 3600,
        },
      });
    }
    if (action === 'GetCommandInvocation') {
      const fault = replay.faults.shift();
      if (fault === 'ThrottlingException') return fail('ThrottlingException', 'Rate exceeded');
      const invocation = invocations.get(input.CommandId);
      if (fault === 'InvocationDoesNotExist' || !invocation || invocation.instanceId !== input.InstanceId)
        return fail('InvocationDoesNotExist', null);
      if (fault === 'Failed') {
        invocation.code = 127;
        invocation.stderr =
          '/var/lib/amazon/ssm/i-0/document/orchestration/x/awsrunShellScript/0.awsrunShellScript/_script.sh: 9: base64: not found';
      }
      const elapsed = Date.now() - invocation.sentAt;
      const ready = (invocation.finished && elapsed >= replay.commandMs) || fault === 'Failed';
      const status = ready ? (invocation.code === 0 ? 'Success' : 'Failed') : elapsed < replay.commandMs / 3 ? 'Pending' : 'InProgress';
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
      return send(200, {
        CommandId: invocation.id,
        InstanceId: invocation.instanceId,
        Comment: '',
        DocumentName: 'AWS-RunShellScript',
        DocumentVersion: '$DEFAULT',
        PluginName: 'aws:runShellScript',
        ResponseCode: ready ? invocation.code : -1,
        ExecutionStartDateTime: status === 'Pending' ? '' : iso(invocation.sentAt),
        ExecutionElapsedTime: ready ? `PT${(elapsed / 1000).toFixed(3)}S` : '',
        ExecutionEndDateTime: ready ? iso(Date.now()) : '',
        Status: status,
        StatusDetails: status,
        StandardOutputContent: ready ? invocation.stdout : '',
        StandardOutputUrl: '',
        StandardErrorContent: ready
          ? invocation.code === 0
            ? invocation.stderr
            : invocation.stderr || 'failed to run commands: exit status ' + invocation.code
          : '',
        StandardErrorUrl: '',
        CloudWatchOutputConfig: { CloudWatchLogGroupName: '', CloudWatchOutputEnabled: false },
      });
    }
    fail('UnknownOperationException', null);
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await body(req);
    if (replay.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, replay.latencyMs));
    const region = /Credential=[^/]+\/\d{8}\/([a-z0-9-]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? 'unknown';
    const target = req.headers['x-amz-target'];
    if (typeof target === 'string' && target.startsWith('AmazonSSM.')) {
      const action = target.slice('AmazonSSM.'.length);
      const input = JSON.parse(text || '{}');
      replay.calls.push({ service: 'ssm', action, region, body: input });
      return ssm(action, input, region, res);
    }
    const params = new URLSearchParams(text);
    const action = params.get('Action') ?? '';
    replay.calls.push({ service: 'ec2', action, region, body: Object.fromEntries(params) });
    ec2(action, params, region, res);
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  replay.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const close = replay.close;
  replay.close = async () => {
    for (const timer of timers.keys()) clearTimeout(timer);
    await Promise.all([...invocations.values()].map((i) => i.done));
    await close();
  };
  return replay;
}
