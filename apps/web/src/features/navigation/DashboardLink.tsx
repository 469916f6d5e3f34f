import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A prominent link inside the navigation dashboard. */
export function DashboardLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} fz="lg" fw={600} underline="hover">
      <Group gap="xs" wrap="nowrap" component="span">
        {icon}
        {children}
      </Group>
    </Anchor>
  );
}
