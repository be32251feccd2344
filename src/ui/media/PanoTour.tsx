import { useEffect, useRef, useState } from 'react';
import type { VrTourView } from '../../contracts/page-data/media.ts';

type Lib = Awaited<ReturnType<typeof import('./pano-lib.ts')['loadPanoLib']>>;
type ViewerT = InstanceType<Lib['Viewer']>;
type TourPluginT = InstanceType<Lib['VirtualTourPlugin']>;
type GyroPluginT = InstanceType<Lib['GyroscopePlugin']>;

type Gyro = 'unknown' | 'off' | 'on' | 'denied';

/**
 * A VR tour (issue 19): the server renders the first room's picture and the room list, so the page is useful without
 * scripts; after hydration the panorama viewer is fetched (pano-lib.ts) and takes the picture's place: drag to look
 * around, the doors of each room are hotspots to the next, and phones with a gyroscope may turn the view by turning
 * the phone (iOS asks permission, hence a button). The view's yaw is kept in `data-yaw` (tests read it).
 */
export function PanoTour({ tour }: { tour: VrTourView }) {
  const host = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const viewer = useRef<{ viewer: ViewerT; tour: TourPluginT; gyro: GyroPluginT } | null>(null);
  const [state, setState] = useState<'cover' | 'loading' | 'ready' | 'failed'>('cover');
  const [room, setRoom] = useState(tour.scenes[0]?.key ?? '');
  const [gyro, setGyro] = useState<Gyro>('unknown');

  useEffect(() => {
    let cancelled = false;
    const el = host.current;
    if (!el || !tour.scenes.length) return;
    setState('loading');
    import('./pano-lib.ts')
      .then(({ loadPanoLib }) => loadPanoLib())
      .then((lib) => {
        if (cancelled) return;
        const v = new lib.Viewer({
          container: el,
          navbar: ['zoom', 'move', 'caption', 'fullscreen'],
          defaultZoomLvl: 0,
          defaultYaw: '-25deg',
          touchmoveTwoFingers: false,
          mousewheel: false,
          loadingTxt: '加载中…',
          lang: {
            zoomIn: '放大',
            zoomOut: '缩小',
            zoom: '缩放',
            moveLeft: '左转',
            moveRight: '右转',
            moveUp: '上看',
            moveDown: '下看',
            fullscreen: '全屏',
            loadError: '全景图加载失败',
          },
          plugins: [
            lib.MarkersPlugin,
            [
              lib.VirtualTourPlugin,
              {
                positionMode: 'manual',
                renderMode: '2d',
                startNodeId: tour.scenes[0].key,
                transitionOptions: { showLoader: true, speed: '20rpm', effect: 'fade', rotation: true },
                nodes: tour.scenes.map((s) => ({
                  id: s.key,
                  panorama: s.panorama,
                  name: s.name,
                  caption: `${tour.title} · ${s.name}`,
                  thumbnail: s.thumb,
                  links: s.links.map((l) => ({ nodeId: l.to, position: { yaw: `${l.yaw}deg`, pitch: `${l.pitch}deg` } })),
                })),
              },
            ],
            [lib.GyroscopePlugin, { touchmove: true }],
          ],
        });
        const tourPlugin = v.getPlugin(lib.VirtualTourPlugin) as TourPluginT;
        const gyroPlugin = v.getPlugin(lib.GyroscopePlugin) as GyroPluginT;
        viewer.current = { viewer: v, tour: tourPlugin, gyro: gyroPlugin };
        v.addEventListener('ready', () => setState('ready'), { once: true });
        v.addEventListener('position-updated', ({ position }) => {
          frame.current?.setAttribute('data-yaw', position.yaw.toFixed(4));
        });
        tourPlugin.addEventListener('node-changed', ({ node }) => setRoom(node.id));
        gyroPlugin.isSupported().then(
          (ok) => !cancelled && setGyro(ok ? 'off' : 'unknown'),
          () => {},
        );
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      viewer.current?.viewer.destroy();
      viewer.current = null;
    };
  }, [tour]);

  const go = (key: string) => {
    const v = viewer.current;
    if (!v) return false;
    v.tour.setCurrentNode(key);
    return true;
  };

  const toggleGyro = async () => {
    const v = viewer.current;
    if (!v) return;
    if (gyro === 'on') {
      v.gyro.stop();
      setGyro('off');
      return;
    }
    // iOS 13+: the permission must be asked from a tap.
    const D = (window as unknown as { DeviceOrientationEvent?: { requestPermission?: () => Promise<string> } }).DeviceOrientationEvent;
    try {
      if (D?.requestPermission && (await D.requestPermission()) !== 'granted') {
        setGyro('denied');
        return;
      }
      await v.gyro.start();
      setGyro('on');
    } catch {
      setGyro('denied');
    }
  };

  const first = tour.scenes[0];
  return (
    <div className="pano" ref={frame} data-state={state} data-room={room} data-testid="pano">
      <div className="pano__stage">
        {first ? <img className="pano__cover" src={first.thumb} alt={`${tour.title} ${first.name}全景`} width={480} height={240} /> : null}
        <div className="pano__viewer" ref={host} />
        {state === 'cover' || state === 'loading' ? <p className="pano__hint">全景加载中…</p> : null}
        {state === 'failed' ? <p className="pano__hint">全景加载失败，请点击下方房间查看全景图</p> : null}
      </div>
      <div className="pano__bar">
        <p className="pano__tip">{state === 'ready' ? '拖动画面环视房间，点击房门进入下一个房间' : `${tour.scenes.length}个空间全景`}</p>
        {state === 'ready' && gyro !== 'unknown' ? (
          <button type="button" className={`pano__gyro${gyro === 'on' ? ' is-on' : ''}`} onClick={toggleGyro} data-testid="pano-gyro">
            {gyro === 'on' ? '关闭陀螺仪' : gyro === 'denied' ? '陀螺仪未授权' : '开启陀螺仪'}
          </button>
        ) : null}
      </div>
      <ul className="pano__rooms">
        {tour.scenes.map((s) => (
          <li key={s.key}>
            <a
              href={s.panorama}
              className={`pano__room${s.key === room ? ' is-current' : ''}`}
              onClick={(e) => {
                if (go(s.key)) e.preventDefault();
              }}
              data-room={s.key}
            >
              <img src={s.thumb} alt={s.name} width={96} height={48} loading="lazy" />
              <span>{s.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
