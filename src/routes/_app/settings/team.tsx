import { createFileRoute } from '@tanstack/react-router';
import { TeamScreen } from '../../../features/team/team-screen.tsx';
import { teamQueries } from '../../../features/team/team-queries.ts';
import { MediaThumb } from '../../../features/media/media-tile.tsx';

export const Route = createFileRoute('/_app/settings/team')({
  loader: ({ context }) => context.queryClient.ensureQueryData(teamQueries.team()),
  component: TeamPage,
});

function TeamPage() {
  return <TeamScreen Thumb={MediaThumb} />;
}
