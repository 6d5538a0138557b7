// The floor's document, unchanged: only the page differs.
export { Layout, default } from '../../app/root';
