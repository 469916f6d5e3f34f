import { Anchor, Container, Group } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { Link } from 'react-router';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** Header of public pages for signed-out visitors: logo home and the language switch. */
export function PublicHeader() {
  return (
    <header>
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Anchor component={Link} to={PATHS.landing} underline="never" aria-label="Plankurier">
            <Logo />
          </Anchor>
          <LanguageSwitch />
        </Group>
      </Container>
    </header>
  );
}
