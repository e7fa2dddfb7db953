import * as icons from '@tabler/icons-react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  importInProgressMessage,
  LaunchTextRequestSchema,
  ScheduleTextRequestSchema,
  TEXT_CATEGORIES,
  TextChatRequestSchema,
  TextChatResponseSchema,
  UpdateTextDraftRequestSchema,
} from '../../../src/contract/text.ts';

const issues = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('text contract', () => {
  it('has the eleven template ideas of spec §2, in order, each with a real Tabler icon', () => {
    expect(TEXT_CATEGORIES.map((c) => c.title)).toEqual([
      'Flash Sale',
      'New Arrival Alert',
      'Limited-Time Offer',
      'Event Invitation',
      'Loyalty Program Reminder',
      'Exclusive VIP Access',
      'Seasonal Special',
      'Customer Appreciation',
      'Happy Hour Special',
      'Order Reminder',
      'Feedback Request',
    ]);
    for (const category of TEXT_CATEGORIES) {
      expect(icons[category.icon as keyof typeof icons], category.icon).toBeTruthy();
      expect(category.description.length).toBeGreaterThan(10);
    }
    expect(new Set(TEXT_CATEGORIES.map((c) => c.id)).size).toBe(11);
  });

  it('chat: a query is required, the category and style must be known', () => {
    expect(issues(TextChatRequestSchema, { query: 'Taco Tuesday', sms_category: 'flash_sale', style: 'playful' })).toEqual([]);
    expect(issues(TextChatRequestSchema, { query: '   ' })).toEqual(['Message cannot be empty']);
    expect(issues(TextChatRequestSchema, { query: 'x', sms_category: 'spam' })).toEqual(['Choose one of the text ideas']);
    expect(issues(TextChatRequestSchema, { query: 'x', style: 'rude' })).toEqual(['Choose one of the styles']);
    expect(v.is(TextChatResponseSchema, { conversation_id: 'c1', response_data: { clarification_question: 'Which day?' } })).toBe(true);
    expect(v.is(TextChatResponseSchema, { conversation_id: 'c1', campaign_id: 'k1', response_data: { sms_campaign_draft: 'Hi. Reply STOP to opt out' } })).toBe(true);
    expect(v.is(TextChatResponseSchema, { conversation_id: 'c1', response_data: {} })).toBe(false);
  });

  it("launch and schedule use the spec's messages", () => {
    expect(issues(LaunchTextRequestSchema, { campaign_id: 'k1', segmentation_id: '' })).toEqual(['Please select a customer segment']);
    expect(issues(LaunchTextRequestSchema, { campaign_id: 'k1' })).toEqual(['Please select a customer segment']);
    expect(issues(ScheduleTextRequestSchema, { campaign_id: 'k1', segmentation_id: 's1' })).toEqual(['Please select a date']);
    expect(issues(ScheduleTextRequestSchema, { campaign_id: 'k1', segmentation_id: 's1', scheduled_time: '2026-01-01T17:00:00.000Z' })).toEqual([]);
    expect(issues(ScheduleTextRequestSchema, { campaign_id: 'k1', segmentation_id: 's1', scheduled_time: 'tomorrow' })).toEqual(['Scheduled time must be an ISO timestamp']);
  });

  it('a draft text stays within what Twilio accepts', () => {
    expect(issues(UpdateTextDraftRequestSchema, { campaign_id: 'k1', new_draft_text: 'a'.repeat(1601) })).toEqual(['Text must be at most 1600 characters']);
  });

  it("says which point of sale is importing, in the spec's words", () => {
    expect(importInProgressMessage('Clover', 40)).toBe('Clover data import in progess: 40. Please Wait...');
  });
});
