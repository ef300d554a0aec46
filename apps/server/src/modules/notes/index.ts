/** The internal notes module's public face: what the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { noteRoutes, type NotesDeps } from './routes.js';

export { NotesService } from './service.js';
export { NotesRepo } from './repo.js';
export type { NotesDeps };

export const notesModule = defineModule<NotesDeps>({
  name: 'notes',
  needs: { notes: true, guards: true, config: true },
  register: noteRoutes,
});
