import { PORT } from './playwright.config';
import { down } from './lab';

export default async function globalTeardown() {
  down(PORT);
}
