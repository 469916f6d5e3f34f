import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyHintProps {
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}

/** An empty list that says what to do next, with the button to do it. */
export function EmptyHint({ icon, title, text, children }: EmptyHintProps) {
  return (
    <Paper withBorder radius="md" py={56} px="xl">
      <EmptyState icon={icon} variant="light" title={title} description={text} maw={560} mx="auto">
        {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
      </EmptyState>
    </Paper>
  );
}
