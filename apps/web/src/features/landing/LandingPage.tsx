import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PATHS } from '@plankurier/shared';
import { IconArrowRight, IconMailForward, IconStack2, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { PublicFooter } from '../../components/PublicFooter';
import { usePageTitle } from '../../components/use-page-title';
import { useIsSignedIn } from '../../session/use-session';
import { FeatureCard } from './FeatureCard';
import { PlanListPreview } from './PlanListPreview';

const STEPS = ['project', 'upload', 'send'] as const;

export default function LandingPage() {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  usePageTitle(undefined);

  return (
    <Box bg="white">
      <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-brand-0) 0%, #fff 100%)' }}>
        <Container size="lg" py="md" component="header">
          <Group justify="space-between">
            <Logo size="lg" />
            {signedIn ? null : <LanguageSwitch />}
          </Group>
        </Container>

        <Container size="lg" component="main" pt={64} pb={96}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={64} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" tt="none" w="fit-content">
                {t('landing.eyebrow')}
              </Badge>
              <Title order={1} fz={{ base: 34, md: 46 }} lh={1.15} style={{ letterSpacing: '-0.02em' }}>
                {t('landing.title')}
              </Title>
              <Text fz="lg" c="dimmed" lh={1.6}>
                {t('landing.lead')}
              </Text>
              <Group gap="md" mt="sm">
                {signedIn ? (
                  <Button component={Link} to={PATHS.projects} size="lg" rightSection={<IconArrowRight size={18} />}>
                    {t('landing.toProjects')}
                  </Button>
                ) : (
                  <>
                    <Button component={Link} to={PATHS.signup} size="lg">
                      {t('landing.signup')}
                    </Button>
                    <Button component={Link} to={PATHS.signin} size="lg" variant="default">
                      {t('landing.signin')}
                    </Button>
                  </>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {t('landing.freeNote')}
              </Text>
            </Stack>
            <PlanListPreview />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={80} component="section">
        <Title order={2} ta="center" mb={48} fz={{ base: 26, md: 32 }}>
          {t('landing.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <FeatureCard
            icon={<IconStack2 size={26} />}
            title={t('landing.features.versions.title')}
            text={t('landing.features.versions.text')}
          />
          <FeatureCard
            icon={<IconMailForward size={26} />}
            title={t('landing.features.delivery.title')}
            text={t('landing.features.delivery.text')}
          />
          <FeatureCard
            icon={<IconUsersGroup size={26} />}
            title={t('landing.features.participants.title')}
            text={t('landing.features.participants.text')}
          />
        </SimpleGrid>
      </Container>

      <Box bg="gray.0" py={80} component="section">
        <Container size="lg">
          <Title order={2} ta="center" mb={48} fz={{ base: 26, md: 32 }}>
            {t('landing.stepsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {STEPS.map((step, index) => (
              <Stack key={step} gap="xs" align="center" ta="center">
                <ThemeIcon size={44} radius="xl" variant="filled" aria-hidden>
                  <Text fw={700}>{index + 1}</Text>
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {t(`landing.steps.${step}.title`)}
                </Title>
                <Text c="dimmed" size="sm" maw={280}>
                  {t(`landing.steps.${step}.text`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      {signedIn ? null : (
        <Container size="sm" py={80} ta="center" component="section">
          <Title order={2} fz={{ base: 26, md: 32 }} mb="sm">
            {t('landing.closingTitle')}
          </Title>
          <Text c="dimmed" mb="xl">
            {t('landing.closingText')}
          </Text>
          <Button component={Link} to={PATHS.signup} size="lg" rightSection={<IconArrowRight size={18} />}>
            {t('landing.closingCta')}
          </Button>
        </Container>
      )}

      <PublicFooter />
    </Box>
  );
}
