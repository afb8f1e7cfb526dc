// The one script of an embedded view (`?embed=1`), served under a hashed name: it tells the page that frames
// it how tall its content is, on load and whenever that changes, so that the frame needs no scroll bar of its
// own. The height is no secret, so any parent may read it; embed.js believes only its own frame's messages.
// A module rather than a .js file, for the stylesheet's reason: tsc copies nothing else into dist/.
import { hashedName } from './hashed-name.js';

/** The message's type, which embed.js looks for. */
export const heightMessageType = 'petstore:height';

const js = `
(function () {
  if (window.parent === window) return;
  var root = document.documentElement;
  var last = -1;
  function post() {
    var height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: ${JSON.stringify(heightMessageType)}, height: height }, '*');
  }
  if (window.ResizeObserver) new ResizeObserver(post).observe(root);
  window.addEventListener('load', post);
  post();
})();
`;

/** The script's text and the hashed name it is served under. */
export const frameHeightScript = { text: js.trim() + '\n', name: hashedName('frame', 'js', js) };
