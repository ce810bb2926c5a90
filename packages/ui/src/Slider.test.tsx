import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slider } from './Slider';

describe('Slider', () => {
  it('is a labelled range input with step 5 by default and reports numbers', () => {
    const onChange = vi.fn();
    render(<Slider label="Progress" value={40} onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Progress' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    expect(slider).toHaveAttribute('step', '5');
    expect(slider).toHaveValue('40');
    expect(slider).not.toHaveAttribute('aria-valuetext');

    fireEvent.change(slider, { target: { value: '55' } });
    expect(onChange).toHaveBeenCalledWith(55);
  });

  it('announces and shows the value text when given', () => {
    function Progress() {
      const [value, setValue] = useState(20);
      return <Slider label="Progress" value={value} onChange={setValue} valueText={`${value}% complete`} />;
    }
    render(<Progress />);
    const slider = screen.getByRole('slider', { name: 'Progress' });
    expect(slider).toHaveAttribute('aria-valuetext', '20% complete');
    fireEvent.change(slider, { target: { value: '35' } });
    expect(slider).toHaveAttribute('aria-valuetext', '35% complete');
    expect(screen.getByText('35% complete')).toBeInTheDocument();
  });

  it('honours min, max, step and disabled', () => {
    render(<Slider label="Volume" value={3} min={1} max={10} step={1} disabled onChange={() => {}} />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '10');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toBeDisabled();
  });
});
