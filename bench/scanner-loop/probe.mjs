// The scan probe, installed in every page of the scanner-loop benchmark, and one measured scan.
/* global window, document, Element, MutationObserver, requestAnimationFrame -- in the page */

/**
 * Installed in every page before its scripts: the start of a scan (Enter in the code field, or a
 * click on 'Activar Cámara') and the moment its verdict has been painted; for the camera, also when
 * the camera opened, when the first frame went to the decoder worker, when the worker found the
 * code, and how many frames it read until then.
 */
export function installProbe(verdicts) {
  const probe = { start: 0, verdictAt: 0, paintedAt: 0, verdict: '', seen: new Set() };
  window.__scanProbe = probe;
  const begin = () => {
    probe.start = performance.now();
    probe.verdictAt = 0;
    probe.paintedAt = 0;
    probe.verdict = '';
    probe.seen = new Set(document.querySelectorAll('h2'));
    probe.cameraAt = 0;
    probe.firstFrameAt = 0;
    probe.decodedAt = 0;
    probe.frames = 0;
  };
  const openCamera = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (openCamera) {
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await openCamera(constraints);
      probe.cameraAt ||= performance.now();
      return stream;
    };
  }
  // qr-scanner's decoder worker: a 'decode' message per frame, a 'qrResult' answer to each.
  window.Worker = class extends window.Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (event.data?.type !== 'qrResult' || probe.decodedAt) return;
        probe.frames += 1;
        if (event.data.data !== null) probe.decodedAt = performance.now();
      });
    }
    postMessage(message, ...rest) {
      if (message?.type === 'decode') probe.firstFrameAt ||= performance.now();
      super.postMessage(message, ...rest);
    }
  };
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') begin();
    },
    true,
  );
  window.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button?.textContent?.includes('Activar Cámara')) begin();
    },
    true,
  );
  new MutationObserver(() => {
    if (!probe.start || probe.verdictAt) return;
    const heading = [...document.querySelectorAll('h2')].find(
      (element) => !probe.seen.has(element) && verdicts.includes(element.textContent?.trim() ?? ''),
    );
    if (!heading) return;
    probe.verdictAt = performance.now();
    probe.verdict = heading.textContent.trim();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        probe.paintedAt = performance.now();
      }),
    );
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export async function measured(page, start) {
  await start();
  await page.waitForFunction(() => window.__scanProbe.paintedAt > 0, null, { timeout: 15_000 });
  const probe = await page.evaluate(() => {
    const { start, verdictAt, paintedAt, verdict, cameraAt, firstFrameAt, decodedAt, frames } =
      window.__scanProbe;
    return { start, verdictAt, paintedAt, verdict, cameraAt, firstFrameAt, decodedAt, frames };
  });
  if (probe.verdict !== 'Consumo Registrado') throw new Error(`unexpected verdict: ${probe.verdict}`);
  const since = (at) => (at ? at - probe.start : NaN);
  return {
    total: probe.paintedAt - probe.start,
    toDom: probe.verdictAt - probe.start,
    camera: since(probe.cameraAt),
    firstFrame: since(probe.firstFrameAt),
    decoded: since(probe.decodedAt),
    frames: probe.frames,
  };
}
