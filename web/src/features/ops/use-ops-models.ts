/**
 * The monitor page's shared view models (issue 25 §4): the lists (instances, files, screens,
 * marks, start and stop), the live tail, the log search and the screen watch, made once per page
 * and started while it is shown. What is open decides what watches: leaving a file or a screen
 * closes its watch and stops its search on the server.
 */
import { useEffect, useState } from 'react';
import {
  createLiveWatchViewModel,
  createLogSearchViewModel,
  createOpsMonitorViewModel,
  createScreenWatchViewModel,
  type ApiClient,
  type OpsRegion,
} from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { opsError } from './failure.ts';

export function useOpsModels(client: ApiClient, region: OpsRegion) {
  const [models] = useState(() => {
    const live = createLiveWatchViewModel({ client, failureText: opsError });
    return {
      monitor: createOpsMonitorViewModel({ client, region, failureText: opsError }),
      live,
      search: createLogSearchViewModel({ client, live, failureText: opsError }),
      screen: createScreenWatchViewModel({ client, failureText: opsError }),
    };
  });
  const monitor = useStartedViewModel(models.monitor);
  const live = useStartedViewModel(models.live);
  const search = useStartedViewModel(models.search);
  const screen = useStartedViewModel(models.screen);

  // the address's region (a link, back and forward) is the model's
  useEffect(() => {
    if (models.monitor.getState().region !== region) models.monitor.setRegion(region);
  }, [models, region]);

  const { open, list, instance } = monitor;
  const showsLog = list === 'logs' && (open?.kind === 'file' || open?.kind === 'merged');
  const shownScreen = list === 'screens' && open?.kind === 'screen' && instance ? open.screen : null;
  useEffect(() => {
    if (showsLog) return;
    models.search.cancel();
    models.search.clear();
    models.live.setSources([]);
  }, [models, showsLog]);
  // by pid: the same session after a reload (its state changed) keeps its watch
  const pid = shownScreen?.pid ?? null;
  useEffect(() => {
    const { instance: chosen, open: now, region: where } = models.monitor.getState();
    if (!chosen || pid === null || now?.kind !== 'screen') return models.screen.setTarget(null);
    models.screen.setTarget({ instance_id: chosen.id, region: where, screen: now.screen });
    void models.screen.load();
  }, [models, instance, pid]);

  return { models, monitor, live, search, screen };
}
