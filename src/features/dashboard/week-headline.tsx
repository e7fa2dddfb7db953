import { Anchor, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { headlineSentence, liftSentence, type Dashboard } from '../../contract/dashboard.ts';
import { dashboardQueries } from './dashboard-queries.ts';
import grids from '../../ui/grids.module.css';

/** How the headline is counted, said once, opened with one tap. */
function HowCounted({ headline }: { headline: Dashboard['headline'] }) {
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={toggle} aria-expanded={open} mih={44} td="underline" c="dimmed" fz="sm">
        How is this counted?
      </UnstyledButton>
      {/* Shown without Mantine's Collapse (its height animation is ~2 KB gzip of the home's first load). */}
      {open && (
        // Opened by a tap, closed on the next visit: not in the saved home (src/lib/home-snapshot.ts), where it would
        // move what is below once React draws.
        <Text size="sm" c="dimmed" data-testid="how-counted" data-snapshot="omit">
          A guest counts when an email or text of yours reached them and they visited within {headline.window_days} days after it, going by your point-of-sale and
          imported orders; what they spent in those days is added up. Some would have come anyway: turn on “keep 10% back” on an email, a text or a sequence, and Mise
          keeps a random tenth of its guests out of every send of it, then compares each campaign with its own guests kept back, so you see the lift and not just the
          coincidence.
        </Text>
      )}
    </Stack>
  );
}

/** The headline in one glance: "Your campaigns this week brought back 23 guests who spent $1,140". */
export function HeadlineCard({ dashboard, link = false }: { dashboard: Dashboard; link?: boolean }) {
  const lift = liftSentence(dashboard.headline);
  return (
    <div className={grids.card} data-testid="week-headline">
      <Stack gap="xs">
        <Text fw={700} fz={20} lh={1.3}>
          {headlineSentence(dashboard.headline, dashboard.window.days)}
        </Text>
        {lift && (
          <Text size="sm" data-testid="headline-lift">
            {lift}
          </Text>
        )}
        <HowCounted headline={dashboard.headline} />
        {link && (
          <Anchor component={Link} to="/dashboard" fw={600} mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
            See the week
          </Anchor>
        )}
      </Stack>
    </div>
  );
}

/** For the home screen: this week's headline, or nothing while it loads or when it cannot be had. */
export function WeekHeadline() {
  const query = useQuery(dashboardQueries.window(7));
  if (!query.data) return null;
  return <HeadlineCard dashboard={query.data} link />;
}
