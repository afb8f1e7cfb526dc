// The console's one script, served under a name that holds a digest of its text, and only an enhancement:
// every task works without it. It points the breed field's suggestions at the species chosen, shows the
// photos chosen in a file input before they are sent, copies a key shown once, and sends a form with photos
// with a progress bar, the answer then shown as the browser would have shown it. Its words come from the page (data attributes
// and elements rendered from the message catalogue), so that a translation needs no script of its own.
import { hashedName } from './hashed-name.js';

const js = `
(function () {
  'use strict';
  var species = document.getElementById('f-categoryId');
  var breed = document.getElementById('f-breed');
  if (species && breed) {
    species.addEventListener('change', function () {
      breed.setAttribute('list', 'breeds-' + species.value);
    });
  }

  var each = function (selector, f) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), f);
  };

  each('input[type=file][data-chosen]', function (input) {
    var list = document.getElementById(input.getAttribute('data-chosen'));
    if (!list) return;
    input.addEventListener('change', function () {
      each('#' + list.id + ' img', function (img) { URL.revokeObjectURL(img.src); });
      list.textContent = '';
      Array.prototype.forEach.call(input.files, function (file) {
        var item = document.createElement('li');
        if (/^image\\//.test(file.type)) {
          var img = document.createElement('img');
          img.src = URL.createObjectURL(file);
          img.alt = '';
          item.appendChild(img);
        }
        var name = document.createElement('span');
        name.textContent = file.name;
        item.appendChild(name);
        list.appendChild(item);
      });
    });
  });

  each('form[enctype="multipart/form-data"]', function (form) {
    var shown = form.querySelector('.upload-progress');
    var bar = shown && shown.querySelector('progress');
    if (!bar || !window.FormData || !window.XMLHttpRequest) return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var button = form.querySelector('button[type=submit]');
      var request = new XMLHttpRequest();
      request.open('POST', form.action);
      request.upload.addEventListener('progress', function (progress) {
        if (!progress.lengthComputable) return;
        bar.max = progress.total;
        bar.value = progress.loaded;
      });
      request.addEventListener('load', function () {
        // Redirected (saved): go where the redirect went; else the page that came back (a refusal).
        if (request.responseURL && request.responseURL !== form.action) {
          window.location.assign(request.responseURL);
          return;
        }
        document.open();
        document.write(request.responseText);
        document.close();
      });
      request.addEventListener('error', function () {
        // Sent again the ordinary way, which shows the browser's own error if the network is still down.
        form.submit();
      });
      shown.hidden = false;
      if (button) button.disabled = true;
      request.send(new FormData(form));
    });
  });

  // A copy button, hidden without the script: copies the text of the element it names, and says so.
  each('button[data-copy]', function (button) {
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(source.textContent).then(function () {
        button.textContent = button.getAttribute('data-copied');
      });
    });
  });
})();
`;

export const consoleScript = {
  text: js.trim() + '\n',
  name: hashedName('console', 'js', js),
};
