import { PORT } from './playwright.config';
import { up } from './lab';

export default async function globalSetup() {
  up(PORT);
}
