import { createFileRoute } from '@tanstack/react-router';
import { NewSequenceEditor } from '../../../../features/sequences/sequence-editor.tsx';

export const Route = createFileRoute('/_app/campaigns/sequences/add')({
  component: NewSequenceEditor,
});
