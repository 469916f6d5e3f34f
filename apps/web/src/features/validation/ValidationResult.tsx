import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatusPanel } from '../../components/StatusPanel';

interface ValidationResultProps {
  ok: boolean;
  title: string;
  text: string;
  action: ReactNode;
}

/** The outcome of following a validation link. */
export function ValidationResult({ ok, title, text, action }: ValidationResultProps) {
  return (
    <StatusPanel
      icon={ok ? <IconCircleCheck size={30} /> : <IconCircleX size={30} />}
      color={ok ? 'green' : 'red'}
      title={title}
      action={action}
    >
      {text}
    </StatusPanel>
  );
}
