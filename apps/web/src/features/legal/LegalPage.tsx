import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@plankurier/shared';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { currentLocale } from '../../i18n';
import { LEGAL_CONTENT, LEGAL_UPDATED, type LegalDocument } from './legal-content';

/** One legal text (imprint, privacy, terms) in the current language. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const title = t(`legal.${document}`);
  usePageTitle(title);
  const locale = currentLocale();

  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg', sm: 40 }} maw={860} mx="auto">
      {/* 'Datenschutzerklärung' is one long word: a smaller title on phones, broken if need be. */}
      <Title order={1} fz={{ base: 'h3', xs: 'h2' }} mb={4} style={{ overflowWrap: 'break-word' }}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xl">
        {t('legal.updated', { date: formatDate(LEGAL_UPDATED, locale) })}
      </Text>
      <Stack gap="lg">
        {LEGAL_CONTENT[document][locale].map((section) => (
          <section key={section.heading}>
            <Title order={2} fz="lg" mb="xs">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} lh={1.6}>
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
      </Stack>
    </Paper>
  );
}
