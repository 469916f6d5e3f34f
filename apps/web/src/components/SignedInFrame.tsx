import { Box } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { NavBar } from '../features/navigation/NavBar';
import { ValidationBanner } from '../features/navigation/ValidationBanner';

/**
 * The frame of a signed-in user: nav bar, validation banner and the page. Loaded on demand, so the
 * landing, sign-in and sign-up pages do not carry the nav bar, its dashboard and their parts.
 */
export default function SignedInFrame({
  officeId,
  children,
}: {
  officeId: string | null | undefined;
  children: ReactNode;
}) {
  return (
    // Confirmations (spec §8) are asked only in signed-in screens: their modal parts load with this frame.
    <ModalsProvider>
      <Box mih="100vh" bg="gray.0">
        <NavBar />
        <ValidationBanner />
        {/* A page belongs to the office it was opened in: switching offices mounts it afresh. */}
        <Box
          component="main"
          px={{ base: 'md', sm: 'lg', lg: 'xl' }}
          py={{ base: 'md', lg: 'lg' }}
          key={officeId ?? 'none'}
        >
          {children}
        </Box>
      </Box>
    </ModalsProvider>
  );
}
