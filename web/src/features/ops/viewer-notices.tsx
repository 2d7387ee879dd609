import type { LiveWatchState } from '@credence/shared';

type WatchNotice = LiveWatchState['notice'];

/** A viewer's last request error and its live watch's notice (errors as alerts, reconnecting as status). */
export function ViewerNotices({ error, notice }: { error: string | null; notice: WatchNotice | null }) {
  return (
    <>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </>
  );
}
