import { Anchor, Container, Divider, Group, Text } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Legal links and copyright, on the landing page and every public page. */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer>
      <Container size="lg" pb="xl">
        <Divider mb="lg" />
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed">
            {t('common.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Group gap="lg" component="nav">
            <Anchor component={Link} to={PATHS.imprint} size="sm" c="dimmed">
              {t('footer.imprint')}
            </Anchor>
            <Anchor component={Link} to={PATHS.privacy} size="sm" c="dimmed">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to={PATHS.terms} size="sm" c="dimmed">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
