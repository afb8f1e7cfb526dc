// `/adopt/embed.js`, the script a shelter puts on its own site: it puts a frame of the embedded list
// (`/adopt?embed=1&` and the tag's `data-filters`) where its tag stands, and sets the frame's height to what
// the framed page reports (src/web/assets/frame-height.ts), believing only messages from that very frame and
// the service's origin, with a height in sane bounds. Its address is fixed, since host pages hold it.
import { embedParam } from '../components/site-links.js';
import { heightMessageType } from './frame-height.js';

/** The tallest a frame is made, in CSS pixels: a page of 20 cards on a phone is well under it. */
export const maxFrameHeight = 100_000;

export const embedScriptOf = (frameTitle: string): string =>
  `
(function () {
  var tag = document.currentScript;
  if (!tag || !tag.src) return;
  var origin = new URL(tag.src).origin;
  var filters = new URLSearchParams(tag.getAttribute('data-filters') || '');
  filters.delete(${JSON.stringify(embedParam.name)});
  var query = filters.toString();
  var frame = document.createElement('iframe');
  frame.src = origin + '/adopt?${embedParam.name}=${embedParam.value}' + (query ? '&' + query : '');
  frame.title = ${JSON.stringify(frameTitle)};
  frame.style.display = 'block';
  frame.style.width = '100%';
  frame.style.border = '0';
  tag.parentNode.insertBefore(frame, tag.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(heightMessageType)}) return;
    var height = data.height;
    if (typeof height !== 'number' || !(height > 0 && height <= ${maxFrameHeight})) return;
    frame.style.height = Math.ceil(height) + 'px';
  });
})();
`.trimStart();
