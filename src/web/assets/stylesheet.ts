// The pages' one stylesheet, served under a name that holds a digest of its text (`site.<digest>.css`), so
// that it is cached for a year and a new version is a new URL. It lives in a module rather than a .css file
// because tsc, the only build step, copies nothing else into dist/. No web fonts: the system's own.
import { hashedName } from './hashed-name.js';

const css = `
:root {
  --ink: #1b1b1b;
  --muted: #4a4a4a;
  --line: #b1b4b6;
  --paper: #ffffff;
  --shade: #f3f2f1;
  --accent: #005a8d;
  --accent-dark: #003e61;
  --pending: #6b3f00;
  --pending-bg: #fff4d6;
  --focus: #ffbf47;
  --error: #b0190e;
  --success: #00703c;
  color-scheme: light;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink);
  background: var(--paper);
  overflow-wrap: anywhere;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
}
img { max-width: 100%; height: auto; display: block; }
a { color: var(--accent); text-underline-offset: 0.15em; }
a:hover { color: var(--accent-dark); text-decoration-thickness: 0.15em; }
:focus-visible {
  outline: 3px solid var(--ink);
  outline-offset: 0;
  box-shadow: 0 0 0 6px var(--focus);
}
a:focus-visible { background: var(--focus); color: var(--ink); text-decoration: none; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; margin: 0; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
.skip { position: absolute; left: -999rem; top: 0; padding: 0.5rem 1rem; background: var(--focus); color: var(--ink); }
.skip:focus { left: 0.5rem; top: 0.5rem; z-index: 1; }
.wrap { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
.site-header { background: var(--accent-dark); color: var(--paper); }
.site-header .wrap { display: flex; align-items: center; min-height: 3.5rem; }
.site-header a { color: var(--paper); font-weight: 700; font-size: 1.25rem; text-decoration: none; padding: 0.5rem 0; }
.site-header a:hover { text-decoration: underline; }
.site-header a:focus-visible { color: var(--ink); }
main { padding: 1.5rem 0 2.5rem; flex: 1 0 auto; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 0.75rem; }
h2 { font-size: 1.375rem; line-height: 1.3; margin: 1.5rem 0 0.5rem; }
.intro { color: var(--muted); margin: 0 0 1.5rem; max-width: 40rem; }
.site-footer { border-top: 1px solid var(--line); background: var(--shade); padding: 1.25rem 0; }
.site-footer p { margin: 0; }
.site-footer a { display: inline-block; padding: 0.25rem 0; }
/* Links on a shaded box: an accent colour's darker shade (its stylesheet), which reads on the shade too. */
.site-footer a, .filters a { color: var(--accent-on-shade, var(--accent)); }
.site-footer a:hover, .filters a:hover { color: var(--accent-dark); }
.site-header .home { display: inline-flex; align-items: center; }
.site-header .logo { height: 2.5rem; width: auto; margin-right: 0.75rem; background: var(--paper); }
.shelter-intro, .contact dd { white-space: pre-line; }
.site-footer .shelter-intro { max-width: 40rem; margin-bottom: 1rem; }
.contact { font-style: normal; margin: 0 0 1rem; }
.contact dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; margin: 0; }
.contact dt { font-weight: 700; padding: 0.25rem 0; }
.contact dd { margin: 0; padding: 0.25rem 0; }

.filters { background: var(--shade); padding: 1rem; margin: 0 0 1.5rem; border-radius: 4px; }
.filters h2 { margin-top: 0; }
.fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr)); gap: 1rem; }
.field label, .field legend { display: block; font-weight: 700; margin-bottom: 0.25rem; }
.field fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.hint { display: block; color: var(--muted); font-size: 0.9rem; margin-bottom: 0.25rem; }
select, input[type="search"], .filters input[type="text"] {
  font: inherit; width: 100%; min-height: 2.75rem; padding: 0.375rem 0.5rem;
  border: 2px solid var(--ink); border-radius: 0; background: var(--paper); color: var(--ink);
}
.checks { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
.field .check { display: flex; align-items: center; gap: 0.5rem; min-height: 2.75rem; font-weight: 400; }
.check input { width: 1.5rem; height: 1.5rem; margin: 0; flex: none; accent-color: var(--accent); }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; margin-top: 1rem; }
.button {
  display: inline-block; font: inherit; font-weight: 700; min-height: 2.75rem; padding: 0.5rem 1.25rem;
  border: 2px solid transparent; border-radius: 4px; background: var(--accent); color: var(--paper);
  text-decoration: none; cursor: pointer; line-height: 1.5;
}
.button:hover { background: var(--accent-dark); color: var(--paper); }
.button:focus-visible { background: var(--focus); color: var(--ink); border-color: var(--ink); }
.actions a { display: inline-block; padding: 0.5rem 0; }

.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: 1.25rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); }
.card { border: 1px solid var(--line); border-radius: 4px; overflow: hidden; display: flex; flex-direction: column; }
.card img, .card .no-photo { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: var(--shade); }
.no-photo { display: flex; align-items: center; justify-content: center; text-align: center; color: var(--muted);
  background: var(--shade); aspect-ratio: 4 / 3; margin: 0; padding: 0.25rem; }
@media (max-width: 33.99rem) {
  .card { flex-direction: row; }
  .card img, .card .no-photo { width: 7.5rem; flex: none; aspect-ratio: 1; font-size: 0.875rem; }
}
.card-body { padding: 0.75rem 1rem 1rem; }
.card h3 { font-size: 1.25rem; margin: 0 0 0.25rem; }
.card h3 a { display: inline-block; padding: 0.125rem 0; }
.card p { margin: 0; color: var(--muted); }
.badge { display: inline-block; margin-top: 0.5rem; padding: 0.125rem 0.5rem; border-radius: 4px;
  background: var(--pending-bg); color: var(--pending); font-weight: 700; font-size: 0.9rem; }
.pager { display: flex; flex-wrap: wrap; gap: 1.5rem; margin-top: 1.5rem; }
.pager a { display: inline-block; padding: 0.5rem 0; font-weight: 700; }
.none { padding: 1.5rem; border: 1px solid var(--line); border-radius: 4px; }
.none h2 { margin-top: 0; }

.back { display: inline-block; padding: 0.25rem 0; margin-bottom: 1rem; }
.pet { display: grid; gap: 1.5rem; }
@media (min-width: 48rem) { .pet { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } }
.photos { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; }
.photos img { width: 100%; border-radius: 4px; background: var(--shade); }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.375rem 1rem; margin: 0; }
.facts dt { font-weight: 700; }
.facts dd { margin: 0; }
.notice { border-left: 6px solid var(--pending); background: var(--pending-bg); padding: 0.75rem 1rem; margin: 0 0 1rem; }
.description p { white-space: pre-line; max-width: 40rem; }
.tags { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
.tags li { border: 1px solid var(--line); border-radius: 999px; padding: 0.125rem 0.75rem; }

.application { max-width: 40rem; }
.group { border: 0; margin: 0 0 1.5rem; padding: 0; min-width: 0; }
.group > legend { padding: 0; }
.group > legend h2 { margin: 1rem 0 0.5rem; }
.application .field { margin-bottom: 1.25rem; }
.application input[type="text"], .application input[type="email"], .application input[type="tel"],
.application input[type="password"], textarea {
  font: inherit; width: 100%; min-height: 2.75rem; padding: 0.375rem 0.5rem;
  border: 2px solid var(--ink); border-radius: 0; background: var(--paper); color: var(--ink);
}
.application input.short { max-width: 10rem; }
textarea { min-height: 8rem; resize: vertical; }
.optional { font-weight: 400; color: var(--muted); }
.radios.inline { display: flex; flex-wrap: wrap; gap: 0 1.5rem; }
.field-error { border-left: 5px solid var(--error); padding-left: 0.75rem; }
.field-error input, .field-error textarea { border-color: var(--error); }
.error-message { color: var(--error); font-weight: 700; margin: 0 0 0.25rem; }
.error-summary { border: 5px solid var(--error); padding: 1rem; margin: 0 0 1.5rem; }
.error-summary h2 { margin-top: 0; }
.error-summary ul { margin: 0; padding-left: 1.25rem; }
.error-summary a { color: var(--error); font-weight: 700; }
.error-summary a:focus-visible { color: var(--ink); }
.error-summary:focus { outline: 3px solid var(--focus); }
.trap { display: none; }
/* In another site's frame, the page is as tall as its content, which the frame grows to. */
body.embedded { min-height: 0; }
.panel { background: var(--success); color: var(--paper); padding: 1.5rem; margin: 0 0 1.5rem; border-radius: 4px; }
.panel h1 { margin-bottom: 0.5rem; }
.panel p { margin: 0; }
.steps { padding-left: 1.25rem; max-width: 40rem; }

/* The console: a navigation in the header, and the animals and changes as tables, or as cards on a phone. */
.console-header { flex-wrap: wrap; gap: 0 1.5rem; }
.console-nav { display: flex; flex-wrap: wrap; align-items: center; gap: 0 1.25rem; margin-left: auto; }
.console-nav form { margin: 0; }
.site-header .console-nav a, .link-button { font-size: 1rem; font-weight: 400; }
.link-button { font: inherit; color: var(--paper); background: none; border: 0; padding: 0.5rem 0;
  min-height: 2.75rem; text-decoration: underline; cursor: pointer; }
.link-button:focus-visible { background: var(--focus); color: var(--ink); }
.signed-in { color: var(--muted); margin: 0 0 1rem; }
.notice.done { border-left-color: var(--success); background: #e7f4ed; }
.catalogue-category { border-top: 1px solid var(--line); margin-top: 1.5rem; }
.catalogue-id { font-size: 1rem; font-weight: 400; color: var(--muted); }
.catalogue-category summary { padding: 0.25rem 0; cursor: pointer; }
.breed-list { columns: 14rem; margin: 0.5rem 0 1rem; }
.catalogue-form { display: flex; flex-wrap: wrap; align-items: flex-end; column-gap: 1rem; }
.catalogue-form .field { flex: 1 1 16rem; }
.catalogue-form .button { margin-bottom: 1.25rem; }
.animals, .changes { width: 100%; border-collapse: collapse; overflow-wrap: break-word; }
.animals th, .animals td, .changes th, .changes td { text-align: left; padding: 0.5rem;
  border-bottom: 1px solid var(--line); vertical-align: top; }
.animals td a, .changes td a, .link-line a { display: inline-block; padding: 0.25rem 0; }
.animals img, .animals .no-photo { width: 4rem; aspect-ratio: 4 / 3; object-fit: cover; font-size: 0.75rem; }
.changes time { white-space: nowrap; }
.staff-list { list-style: none; padding: 0; }
.staff-list li { border-bottom: 1px solid var(--line); padding: 0.5rem 0 1rem; }
.staff-list h3 { margin: 0.5rem 0 0.25rem; }
.inline-form { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0.25rem 1rem 0.25rem 0; }
.one-time-link code { overflow-wrap: anywhere; font-size: 1rem; }
.pager a + a { margin-left: 1.5rem; }
/* Applications and adoptions: the badge of new ones, the counts by status, an application's answers. */
.nav-badge { display: inline-block; margin-left: 0.25rem; padding: 0 0.5rem; border-radius: 1rem;
  background: var(--paper); color: var(--ink); font-weight: 700; text-decoration: none; }
/* What the console's script reveals stays hidden without it, whatever display its class gives. */
[hidden] { display: none !important; }
.key-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); gap: 0.25rem 1rem; margin: 0; }
.key-facts dt { font-weight: 700; }
.key-facts dd { margin: 0; overflow-wrap: anywhere; }
.status-counts { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; }
.status-counts a { display: inline-block; padding: 0.5rem 0; }
.status-counts a[aria-current] { font-weight: 700; }
.status-counts .count { font-weight: 700; }
.summary-list { margin: 0 0 1.5rem; }
.summary-row { display: grid; grid-template-columns: minmax(8rem, 1fr) 2fr; gap: 0 1rem;
  border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
.summary-row dt { font-weight: 700; }
.summary-row dd { margin: 0; overflow-wrap: anywhere; }
.multiline { white-space: pre-wrap; }
.not-given { color: var(--muted); }
.notes { list-style: none; padding: 0; }
.notes li { border-left: 4px solid var(--line); padding: 0 0 0 0.75rem; margin: 0 0 1rem; }
.note-by { color: var(--muted); margin: 0; }
.answers h3 { margin-top: 1.5rem; }
.confirm-photo { display: block; margin: 0 0 1rem; width: 12rem; height: auto; }
@media (max-width: 47.99rem) {
  .summary-row { grid-template-columns: 1fr; }
  .animals, .animals tbody, .changes, .changes tbody { display: block; }
  .animals thead, .changes thead { position: absolute; width: 1px; height: 1px; overflow: hidden;
    clip-path: inset(50%); }
  .animals tr { display: grid; grid-template-columns: 5rem minmax(0, 1fr); column-gap: 0.75rem;
    border: 1px solid var(--line); border-radius: 4px; margin-bottom: 0.75rem; padding: 0.5rem; }
  .changes tr { display: block; border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
  .animals td, .changes td { border: 0; padding: 0.125rem 0; }
  .changes td { display: block; }
  .animals td.photo { grid-row: 1 / span 6; }
  .animals td[data-label]::before, .changes td[data-label]::before { content: attr(data-label) ": ";
    font-weight: 700; }
}

/* An animal's console page: its actions, its photos with their buttons, and the confirmation pages. */
.button.secondary { background: var(--shade); color: var(--ink); border-color: var(--line); }
.button.secondary:hover { background: var(--line); color: var(--ink); }
.button.small { min-height: 2.25rem; padding: 0.25rem 0.75rem; font-weight: 400; }
.button.warning { background: var(--error); }
.button.warning:hover { background: #7a1209; }
.warning-link { color: var(--error); }
.animal-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.25rem; margin: 0 0 1.5rem; }
.animal-actions > * { margin: 0; }
.published-state { font-weight: 700; }
.photo-list { list-style: none; margin: 0 0 1.5rem; padding: 0; display: grid; gap: 1rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); }
.photo-list li { border: 1px solid var(--line); border-radius: 4px; padding: 0.5rem; }
.photo-list img { display: block; width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover;
  background: var(--shade); }
.photo-place { margin: 0.25rem 0; font-weight: 700; }
.photo-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.photo-actions form { margin: 0; }
.photo-actions a { display: inline-block; padding: 0.25rem 0; }
.confirm { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; margin-top: 1rem; }
.confirm a { display: inline-block; padding: 0.5rem 0; }
input[type="file"] { font: inherit; max-width: 100%; padding: 0.25rem 0; }
.again { display: block; color: var(--ink); }
.more-filters { margin: 0.5rem 0; }
.more-filters summary { display: inline-block; padding: 0.5rem 0; min-height: 2.75rem; cursor: pointer;
  color: var(--accent); text-decoration: underline; }
.more-filters fieldset { border: 0; padding: 0; margin: 0.5rem 0; }
.chosen-photos { list-style: none; margin: 0.5rem 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
.chosen-photos:empty { display: none; }
.chosen-photos li { width: 6rem; font-size: 0.75rem; }
.chosen-photos img { display: block; width: 6rem; height: 4.5rem; object-fit: cover; }
.upload-progress progress { display: block; width: 100%; max-width: 20rem; height: 1.5rem; }
`;

/** The stylesheet's text and the hashed name it is served under. */
export const stylesheet = {
  text: css.trim() + '\n',
  name: hashedName('site', 'css', css),
};
