import { describe, expect, it } from 'vitest';
import {
  acquisitionChannelSchema,
  attributionRecordSchema,
  channelFromReferrer,
  deriveAcquisitionChannel,
  referrerHost,
} from './acquisition-channel';

describe('acquisition channel', () => {
  describe('given a social utm_source', () => {
    it.each(['facebook', 'twitter', 'linkedin', 'instagram', 'tiktok', 'youtube', 'FaceBook', ' YouTube '])(
      'when utm_source is %j, then Social',
      (utm_source) => {
        expect(deriveAcquisitionChannel({ utm_source })).toBe('Social');
      },
    );

    it('when the medium would say paid, then the social source still wins (rule order)', () => {
      expect(deriveAcquisitionChannel({ utm_source: 'facebook', utm_medium: 'cpc' })).toBe('Social');
    });
  });

  describe('given a utm_medium', () => {
    it.each([
      ['cpc', 'Paid Search'],
      ['PPC', 'Paid Search'],
      ['paid', 'Paid Search'],
      ['display', 'Display'],
      ['Banner', 'Display'],
      ['email', 'Email'],
    ] as const)('when utm_medium is %s, then %s', (utm_medium, channel) => {
      expect(deriveAcquisitionChannel({ utm_source: 'partner', utm_medium })).toBe(channel);
    });
  });

  describe('given the newsletter source', () => {
    it('when utm_source is newsletter with any medium, then Email', () => {
      expect(deriveAcquisitionChannel({ utm_source: 'Newsletter' })).toBe('Email');
      expect(deriveAcquisitionChannel({ utm_source: 'newsletter', utm_medium: 'weekly' })).toBe('Email');
    });
  });

  describe('given google as the source', () => {
    it('when the medium is organic, then Organic Search', () => {
      expect(deriveAcquisitionChannel({ utm_source: 'google', utm_medium: 'organic' })).toBe('Organic Search');
    });

    it('when the medium is cpc, then Paid Search', () => {
      expect(deriveAcquisitionChannel({ utm_source: 'google', utm_medium: 'cpc' })).toBe('Paid Search');
    });

    it('when there is no medium, then Direct (UTM data present but no rule matched)', () => {
      expect(deriveAcquisitionChannel({ utm_source: 'google', referrer_url: 'https://www.google.com/' })).toBe(
        'Direct',
      );
    });
  });

  describe('given no UTM data', () => {
    it.each([
      'https://www.google.com/search?q=stride',
      'https://www.google.co.uk/',
      'https://bing.com/search?q=goals',
      'https://search.yahoo.com/',
      'https://duckduckgo.com/',
      'https://www.baidu.com/',
      'https://yandex.ru/',
      'https://www.ecosia.org/search',
    ])('when the referrer is the search engine %s, then Organic Search', (referrer_url) => {
      expect(deriveAcquisitionChannel({ referrer_url })).toBe('Organic Search');
    });

    it.each([
      'https://m.facebook.com/',
      'https://twitter.com/someone',
      'https://x.com/someone/status/1',
      'https://t.co/abc',
      'https://www.linkedin.com/feed',
      'https://instagram.com/',
      'https://www.tiktok.com/@x',
      'https://www.youtube.com/watch?v=1',
      'https://old.reddit.com/r/productivity',
      'https://www.pinterest.com/pin/1',
    ])('when the referrer is the social site %s, then Social', (referrer_url) => {
      expect(deriveAcquisitionChannel({ referrer_url })).toBe('Social');
    });

    it.each([
      'https://news.ycombinator.com/item?id=1',
      'https://blog.example.com/post',
      'https://netflix.com/',
      'https://box.com/',
    ])('when the referrer is another site %s, then Referral (no false match on x.com or t.co)', (referrer_url) => {
      expect(deriveAcquisitionChannel({ referrer_url })).toBe('Referral');
    });

    it('when there is no referrer either, then Direct', () => {
      expect(deriveAcquisitionChannel({})).toBe('Direct');
      expect(deriveAcquisitionChannel({ utm_source: '  ', utm_medium: null, referrer_url: '' })).toBe('Direct');
    });

    it('when a UTM value is blank, then it does not count as UTM data', () => {
      expect(deriveAcquisitionChannel({ utm_source: '', referrer_url: 'https://bing.com/' })).toBe('Organic Search');
    });
  });

  describe('given a referrer URL in any shape', () => {
    it('when parsed, then the host is lower-cased without scheme, credentials, port, path or www', () => {
      expect(referrerHost('HTTPS://user:pw@WWW.Example.COM:8080/a?b#c')).toBe('example.com');
      expect(referrerHost('example.org/path')).toBe('example.org');
      expect(referrerHost('//cdn.example.net/x')).toBe('cdn.example.net');
      expect(channelFromReferrer(null)).toBeNull();
    });
  });

  describe('given an attribution record', () => {
    it('when complete, then it validates and keeps its values', () => {
      const record = {
        utm_source: 'google',
        utm_medium: 'organic',
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        referrer_url: 'https://www.google.com/',
        landing_page: '/landing',
        acquisition_channel: 'Organic Search',
        first_touch_date: '2025-03-01T10:00:00.000Z',
        signup_date: '2025-03-02T10:00:00.000Z',
      };
      expect(attributionRecordSchema.parse(record)).toEqual(record);
    });

    it('when only the channel is given, then it validates; when the channel is unknown, then it fails', () => {
      expect(attributionRecordSchema.safeParse({ acquisition_channel: 'Direct' }).success).toBe(true);
      expect(attributionRecordSchema.safeParse({ acquisition_channel: 'Carrier pigeon' }).success).toBe(false);
      expect(acquisitionChannelSchema.options).toHaveLength(7);
    });
  });
});
