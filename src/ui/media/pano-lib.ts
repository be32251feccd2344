/**
 * The panorama viewer's code and styles (issue 19): @photo-sphere-viewer with three.js, about 200 KB gzipped, so it is
 * fetched only by the VR pages, after hydration, by dynamic import (test/media/chunks.test.ts keeps it out of the entry
 * chunk and every other page's chunks). The styles come with it, as their own CSS files.
 */
export async function loadPanoLib() {
  const [core, markers, tour, gyro] = await Promise.all([
    import('@photo-sphere-viewer/core'),
    import('@photo-sphere-viewer/markers-plugin'),
    import('@photo-sphere-viewer/virtual-tour-plugin'),
    import('@photo-sphere-viewer/gyroscope-plugin'),
    // Stylesheets: Vite loads each as a CSS file beside the chunk.
    import('@photo-sphere-viewer/core/index.css'),
    import('@photo-sphere-viewer/markers-plugin/index.css'),
    import('@photo-sphere-viewer/virtual-tour-plugin/index.css'),
  ]);
  return {
    Viewer: core.Viewer,
    MarkersPlugin: markers.MarkersPlugin,
    VirtualTourPlugin: tour.VirtualTourPlugin,
    GyroscopePlugin: gyro.GyroscopePlugin,
  };
}
